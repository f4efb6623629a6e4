/**
 * Whether the history has kept up: the recorder reports each failed write here, so the pages
 * can warn that the history may miss something, while the request itself went through.
 */
export function createRecordingHealth() {
  let last: string | null = null;
  const listeners = new Set<(message: string) => void>();
  return {
    fail(message: string) {
      last = message;
      listeners.forEach((listener) => listener(message));
    },
    /** The last failure since the gateway started, or null. */
    warning: () => last,
    subscribe(listener: (message: string) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type RecordingHealth = ReturnType<typeof createRecordingHealth>;
