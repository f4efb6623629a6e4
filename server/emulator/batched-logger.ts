import { consoleLogger, formatLine, type Logger } from '../logger';

/** Bounds the lines held when one turn of the event loop finishes very many requests. */
const MAX_PENDING_LINES = 256;

export interface BatchedLogger extends Logger {
  /** Writes the info lines still held. Call it before the process exits. */
  flush(): void;
}

/**
 * consoleLogger's lines, but info lines are written together once per turn of the event loop:
 * a request log writing each line on its own cost one stdout write (a system call) per
 * request, a good part of a small request's time under load. Warnings and errors are written
 * at once, after the info lines before them, so a failure is never held back.
 */
export function batchedLogger(
  // One string argument: console.log prints it as is, like consoleLogger's own lines.
  write: (lines: string) => void = (lines) => console.log(lines),
  urgent: Logger = consoleLogger,
): BatchedLogger {
  let pending: string[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const lines = pending;
    pending = [];
    write(lines.join('\n'));
  };

  return {
    info(msg, fields) {
      pending.push(formatLine('info', msg, fields));
      if (pending.length >= MAX_PENDING_LINES) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    warn(msg, fields) {
      flush();
      urgent.warn(msg, fields);
    },
    error(msg, fields) {
      flush();
      urgent.error(msg, fields);
    },
    flush,
  };
}
