// No zod here: pages show a failed job's or task's error with this, before any schema loads.

/** The error detail of a failed job or task: `{ code, message }`, or a bare string. */
export type ErrorDetailValue = { code: string; message: string } | string;

/** One shape for display, whichever form the service used. */
export function describeErrorDetail(detail: ErrorDetailValue): { code: string; message: string } {
  return typeof detail === 'string'
    ? { code: 'failed', message: detail }
    : { code: detail.code, message: detail.message };
}
