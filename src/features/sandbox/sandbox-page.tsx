import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { toast } from '../../lib/toast';
import { createSandbox } from '../../api/contract/endpoint-routes';
import { renderCurl } from '../../api/curl';
import { Card } from '../../components/card';
import { ErrorView } from '../../components/error-view';
import { PageShell } from '../../components/page-shell';
import { readConnection } from '../../lib/connection-settings';
import { useCurlTarget } from '../../lib/curl-target';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { SandboxForm } from './components/sandbox-form';
import { useCreateSandbox } from './queries';
import { sandboxFieldLabels, sandboxFields, type SandboxFormValues } from './sandbox-form-values';
import { SandboxSessions } from './sandbox-sessions';
import type { SandboxSearch } from './search';
import { pageMeta } from '../../lib/page-meta';

const route = getRouteApi('/data/sandbox');

const initialValues: SandboxFormValues = { language: 'python', packages: [] };

export function SandboxPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // Each keystroke replaces the URL rather than adding to the back button's list.
  const onSearch = (patch: SandboxSearch) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
  const create = useCreateSandbox();
  const target = useCurlTarget();
  const serverErrors = useMemo(
    () => fieldErrorsFrom(create.error, sandboxFields, sandboxFieldLabels),
    [create.error],
  );

  const curlFor = (body: SandboxFormValues) => renderCurl(createSandbox, { body }, target);

  const submit = (values: SandboxFormValues) =>
    create.mutateAsync(values).then((session) => {
      toast.success(`Sandbox ${session.sandbox_id} created`, {
        description: `Status: ${session.status}`,
      });
    });

  return (
    <PageShell title={pageMeta.sandbox.heading} description={pageMeta.sandbox.summary}>
      <div className="space-y-6">
        <Card
          title="New sandbox"
          labelledBy="sandbox-form-title"
          description="Pick a language and the packages to install in it."
        >
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <SandboxForm
              defaultValues={initialValues}
              onSubmit={submit}
              pending={create.isPending}
              serverErrors={serverErrors}
              curlFor={curlFor}
            />
            {create.error ? (
              <ErrorView
                title="The sandbox could not be created"
                error={create.error}
                labels={sandboxFieldLabels}
              />
            ) : (
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                {readConnection().mode === 'gateway'
                  ? 'The service has no list of sandboxes, so the gateway remembers each one created through it, by anyone, and lists it below.'
                  : 'The service has no list of sandboxes, so each one created here is remembered in this browser and listed below.'}
              </p>
            )}
          </div>
        </Card>

        {/* A row's request is the body as sent, which may come from another client. */}
        <SandboxSessions
          curlFor={(session) => curlFor(session.request as SandboxFormValues)}
          search={search}
          onSearch={onSearch}
        />
      </div>
    </PageShell>
  );
}
