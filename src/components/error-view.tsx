import { isApiError } from '../api/api-error';
import { labelledMessage, type FieldLabels } from '../lib/field-labels';

interface ErrorViewProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
  /** The form's labels, when the error answers a form: its message names fields by them. */
  labels?: FieldLabels;
}

/** Shows any failure the same way: what happened, the service's code and trace id, and a way out. */
export function ErrorView({
  error,
  title = 'Something went wrong',
  onRetry,
  retrying,
  labels = {},
}: ErrorViewProps) {
  const details = describe(error);
  const message = labelledMessage(details.message, labels);
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words">{message}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        {details.code && (
          <>
            <dt className="text-red-700 dark:text-red-300">Code</dt>
            <dd>
              <code>{details.code}</code>
            </dd>
          </>
        )}
        {details.status !== null && (
          <>
            <dt className="text-red-700 dark:text-red-300">HTTP status</dt>
            <dd>{details.status}</dd>
          </>
        )}
        {details.traceId && (
          <>
            <dt className="text-red-700 dark:text-red-300">Trace ID</dt>
            <dd>
              <code className="select-all">{details.traceId}</code>
            </dd>
          </>
        )}
      </dl>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="mt-3 rounded-md bg-red-700 px-3 py-1.5 text-xs font-medium text-white hover:bg-red-800 disabled:opacity-60"
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      )}
    </div>
  );
}

function describe(error: unknown): {
  message: string;
  code: string | null;
  status: number | null;
  traceId: string | null;
} {
  if (isApiError(error)) {
    return {
      message: error.message,
      code: error.code,
      status: error.status,
      traceId: error.traceId,
    };
  }
  if (error instanceof Error)
    return { message: error.message, code: null, status: null, traceId: null };
  return { message: String(error), code: null, status: null, traceId: null };
}
