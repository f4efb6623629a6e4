import { PageShell } from '../../components/page-shell';

export function SpeechPage() {
  return (
    <PageShell
      title="Speech"
      description="Turn text into speech in any catalog voice, or extend a clip in its own voice."
    />
  );
}
