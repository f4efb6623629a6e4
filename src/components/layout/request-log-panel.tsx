import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { buildPath, type DefinitionOf, type EndpointInput } from '../../api/contract/endpoint';
import { renderCurl, type CurlTarget } from '../../api/curl';
import { useCurlTarget } from '../../lib/curl-target';
import { QueryProvider } from '../../lib/query-provider';
import { clearRequestLog, requestLogLimit, type LoggedRequest } from '../../lib/request-log';
import { CopyCurlButton } from '../copy-curl-button';
import { once } from '../../lib/once';

const timeFormat = once(() => new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }));

function requestPath(request: LoggedRequest): string {
  const params = (request.input as { params?: Record<string, string> } | undefined)?.params;
  try {
    return buildPath(request.endpoint.path, params);
  } catch {
    return request.endpoint.path;
  }
}

function curlOf(request: LoggedRequest, target: CurlTarget): string {
  return renderCurl(
    request.endpoint,
    request.input as EndpointInput<DefinitionOf<typeof request.endpoint>>,
    target,
  );
}

function Outcome({ outcome }: { outcome: LoggedRequest['outcome'] }) {
  if (outcome.state === 'pending') return <span className="text-zinc-500">in flight</span>;
  if (outcome.state === 'succeeded') {
    return <span className="text-emerald-700 dark:text-emerald-400">succeeded</span>;
  }
  return (
    <span className="text-red-700 dark:text-red-400">
      failed: <code>{outcome.error.code}</code>
      {outcome.error.status !== null && ` (${outcome.error.status})`}
    </span>
  );
}

interface RequestLogPanelProps {
  open: boolean;
  onClose: () => void;
  requests: readonly LoggedRequest[];
}

/**
 * The request log's dialog. Loaded the first time it opens (see request-log-dialog.tsx): it
 * brings headless UI and the curl target (gateway status query, API client, zod).
 */
/** Loaded on the first click, maybe from the home page, so it brings its own query provider. */
export function RequestLogPanel(props: RequestLogPanelProps) {
  return (
    <QueryProvider>
      <RequestLogDialog {...props} />
    </QueryProvider>
  );
}

function RequestLogDialog({ open, onClose, requests }: RequestLogPanelProps) {
  const target = useCurlTarget();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel className="flex h-full w-full max-w-2xl flex-col bg-white shadow-xl dark:bg-zinc-900">
          <div className="flex items-start justify-between gap-4 border-b border-zinc-200 p-4 dark:border-zinc-800">
            <div>
              <DialogTitle className="text-base font-semibold">API requests</DialogTitle>
              <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                The last {requestLogLimit} requests this tab made, as curl commands for your own
                code. The key is never included.
              </p>
            </div>
            <button
              type="button"
              onClick={onClose}
              className="min-h-11 rounded-md px-3 py-1 text-sm font-medium text-zinc-600 hover:bg-zinc-100 md:min-h-0 md:px-2 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              Close
            </button>
          </div>
          {requests.length === 0 ? (
            <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
              No requests yet in this tab.
            </p>
          ) : (
            <ol
              aria-label="API requests"
              className="flex-1 divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800"
            >
              {requests.map((request) => (
                <li key={request.id} className="px-4 py-3 text-sm">
                  <p className="flex flex-wrap items-baseline gap-x-3">
                    <code className="font-semibold">{request.endpoint.method}</code>
                    <code className="break-all">{requestPath(request)}</code>
                  </p>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-zinc-500 dark:text-zinc-400">
                    <time dateTime={request.startedAt.toISOString()}>
                      {timeFormat().format(request.startedAt)}
                    </time>
                    <Outcome outcome={request.outcome} />
                  </p>
                  <div className="mt-1">
                    <CopyCurlButton
                      command={curlOf(request, target)}
                      label={`${request.endpoint.method} ${requestPath(request)}`}
                    />
                  </div>
                </li>
              ))}
            </ol>
          )}
          {requests.length > 0 && (
            <div className="border-t border-zinc-200 p-3 dark:border-zinc-800">
              <button
                type="button"
                onClick={clearRequestLog}
                className="min-h-11 text-sm font-medium text-zinc-500 underline-offset-2 hover:underline md:min-h-0"
              >
                Clear the list
              </button>
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
