import { PageShell } from '../../components/page-shell';

export function SandboxPage() {
  return (
    <PageShell
      title="Sandbox"
      description="Create persistent code sandboxes for Python, JavaScript and TypeScript."
    />
  );
}
