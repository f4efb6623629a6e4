import { getRouteApi } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';

const route = getRouteApi('/jobs/$taskId');

export function JobPage() {
  const { taskId } = route.useParams();
  return <PageShell title="Job" description={taskId} />;
}
