export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** What the server logs through. Tests pass their own to capture lines. */
export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

function formatValue(value: LogFields[string]): string {
  const text = String(value);
  // Quote only when needed, so lines stay greppable as key=value.
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
}

export function formatLine(level: string, msg: string, fields: LogFields = {}): string {
  const parts = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  return [new Date().toISOString(), level, msg, ...parts].join(' ');
}

/** One line per event on stdout/stderr. */
export const consoleLogger: Logger = {
  info: (msg, fields) => console.log(formatLine('info', msg, fields)),
  warn: (msg, fields) => console.warn(formatLine('warn', msg, fields)),
  error: (msg, fields) => console.error(formatLine('error', msg, fields)),
};

/**
 * Wraps a logger so no secret can reach it, whatever a caller passes (an upstream error
 * message, a path someone pasted a key into). The key is never logged on purpose; this
 * is the net under that rule.
 */
export function redactingLogger(inner: Logger, secrets: ReadonlyArray<string | undefined>): Logger {
  const list = secrets.filter((s): s is string => typeof s === 'string' && s.length > 0);
  if (list.length === 0) return inner;
  const scrub = (text: string) =>
    list.reduce((acc, secret) => acc.split(secret).join('[redacted]'), text);
  const scrubFields = (fields?: LogFields) =>
    fields &&
    Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? scrub(v) : v]),
    );
  return {
    info: (msg, fields) => inner.info(scrub(msg), scrubFields(fields)),
    warn: (msg, fields) => inner.warn(scrub(msg), scrubFields(fields)),
    error: (msg, fields) => inner.error(scrub(msg), scrubFields(fields)),
  };
}
