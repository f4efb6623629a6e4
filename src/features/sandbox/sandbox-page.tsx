import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { createSandbox } from '../../api/contract/endpoints';
import { renderCurl } from '../../api/curl';
import { Card } from '../../components/card';
import { ErrorView } from '../../components/error-view';
import { PageShell } from '../../components/page-shell';
import { useCurlTarget } from '../../lib/curl-target';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { useNow } from '../../lib/use-now';
import { SandboxForm } from './components/sandbox-form';
import { SessionsTable } from './components/sessions-table';
import {
  sandboxFields,
  sandboxQueries,
  useCreateSandbox,
  useForgetSandbox,
  type SandboxFormValues,
} from './queries';

const initialValues: SandboxFormValues = { language: 'python', packages: [] };
// "2 min ago" needs no finer step than this.
const clockMs = 30_000;

export function SandboxPage() {
  const sessions = useQuery(sandboxQueries.sessions());
  const create = useCreateSandbox();
  const forget = useForgetSandbox();
  const target = useCurlTarget();
  const now = useNow(clockMs);
  const serverErrors = useMemo(() => fieldErrorsFrom(create.error, sandboxFields), [create.error]);

  const curlFor = (body: SandboxFormValues) => renderCurl(createSandbox, { body }, target);

  const submit = (values: SandboxFormValues) =>
    create.mutateAsync(values).then((session) => {
      toast.success(`Sandbox ${session.sandbox_id} created`, {
        description: `Status: ${session.status}`,
      });
    });

  const forgetSession = (sandboxId: string) =>
    forget.mutate(sandboxId, {
      onError: (error) => toast.error(`Could not forget ${sandboxId}: ${error.message}`),
    });

  const count = sessions.data?.length;

  return (
    <PageShell
      title="Sandbox"
      description="Create persistent code sandboxes for Python, JavaScript and TypeScript."
    >
      <div className="space-y-6">
        <Card
          title="New sandbox"
          labelledBy="sandbox-form-title"
          description="Pick a language and the packages to install in it."
        >
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <SandboxForm
              defaultValues={initialValues}
              onSubmit={submit}
              pending={create.isPending}
              serverErrors={serverErrors}
              curlFor={curlFor}
            />
            {create.error ? (
              <ErrorView title="The sandbox could not be created" error={create.error} />
            ) : (
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                The service has no list of sandboxes, so each one created here is remembered in this
                browser and listed below.
              </p>
            )}
          </div>
        </Card>

        <Card
          title={count ? `Sandboxes from this browser (${count})` : 'Sandboxes from this browser'}
          labelledBy="sandbox-sessions-title"
          description="Forget removes a row from this browser only: the sandbox itself is kept."
        >
          {sessions.isPending ? (
            <p className="text-sm text-zinc-500">Loading sandboxes…</p>
          ) : sessions.isError ? (
            <ErrorView
              title="Could not read the sandboxes kept in this browser"
              error={sessions.error}
              onRetry={() => void sessions.refetch()}
            />
          ) : (
            <SessionsTable
              sessions={sessions.data}
              now={now}
              curlFor={(session) =>
                curlFor({ language: session.language, packages: session.packages })
              }
              onForget={forgetSession}
              forgettingId={forget.isPending ? (forget.variables ?? null) : null}
            />
          )}
        </Card>
      </div>
    </PageShell>
  );
}
