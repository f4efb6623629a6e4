import { PageShell } from '../../components/page-shell';

export function VoicesPage() {
  return (
    <PageShell
      title="Voices"
      description="Browse the voice catalog and hear every voice before you use it."
    />
  );
}
