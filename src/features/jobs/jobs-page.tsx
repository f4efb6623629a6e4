import { PageShell } from '../../components/page-shell';

export function JobsPage() {
  return (
    <PageShell
      title="Jobs"
      description="Every training job started from this browser, updated live."
    />
  );
}
