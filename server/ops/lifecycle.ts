import type { Logger } from '../logger';

export type ShutdownStep = () => void | Promise<void>;

/**
 * The process's way out, shared by whatever must act on it: once shutdown begins, readiness
 * answers 503 (the balancer stops sending), `signal` is aborted (event streams tell browsers
 * to reconnect elsewhere and end), then the steps run one after another, in the order they
 * were registered (e.g. hand over the poller's lead before the databases close).
 */
export interface Lifecycle {
  /** Aborted when shutdown begins. */
  readonly signal: AbortSignal;
  readonly stopping: boolean;
  /** Adds a step to run at shutdown, after those added before it. */
  onShutdown(name: string, step: ShutdownStep): void;
  /**
   * Begins shutdown (once: a second call returns the same promise). Resolves when every step
   * has run; a step that fails is logged and the next one runs all the same.
   */
  shutdown(): Promise<void>;
}

export function createLifecycle(logger: Logger): Lifecycle {
  const controller = new AbortController();
  const steps: { name: string; step: ShutdownStep }[] = [];
  let done: Promise<void> | null = null;

  async function runSteps() {
    for (const { name, step } of steps) {
      try {
        await step();
      } catch (error) {
        logger.error('shutdown step failed', {
          step: name,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  return {
    signal: controller.signal,
    get stopping() {
      return controller.signal.aborted;
    },
    onShutdown(name, step) {
      steps.push({ name, step });
    },
    shutdown() {
      if (!done) {
        controller.abort();
        done = runSteps();
      }
      return done;
    },
  };
}
