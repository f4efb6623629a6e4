/**
 * Resolves in a later task, so the browser can paint and answer input in between. Start-up
 * work split this way never holds the main thread for long on a phone: a task over 50 ms is
 * what a tap has to wait for.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
