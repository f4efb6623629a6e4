import { PageShell } from '../../components/page-shell';

export function FilesPage() {
  return (
    <PageShell title="Files" description="Upload files for use as inputs and training datasets." />
  );
}
