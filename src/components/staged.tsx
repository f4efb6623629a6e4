import { Component, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { nextTask } from '../lib/next-task';
import { isTakingOver, takeOverInStages } from '../lib/takeover';

type Held = { forceUpdate(): void };

/**
 * Holds its child back while the rest of the page is drawn, then draws it in the next task.
 * Thrown during a takeover, the wait makes Preact keep the prerendered element where the child
 * goes (src/app/preact-root.ts), so the page looks the same throughout; the part only starts
 * answering a moment later.
 */
function Hold({ stage, children }: { stage: Stage; children: ReactNode }): ReactNode {
  if (isTakingOver() && !stage.live) {
    const wait = nextTask();
    holds.add(wait);
    throw wait;
  }
  stage.live = true;
  return children;
}

/** Whether a staged part is drawn, or its turn has come: it is not held (again). */
type Stage = { live: boolean };

/** The waits Hold threw, as against a lazy part's below it. */
const holds = new WeakSet<Promise<unknown>>();

/**
 * A part of the page drawn a task after the rest when the app takes over a prerendered page:
 * one render of the whole page is one long task, which on a slow phone holds a tap for a
 * quarter of a second; in parts, each is short. Anywhere else, the child as it is.
 *
 * The child must be a single element: the prerendered one is what stays until it is drawn.
 */
export class Staged extends Component<{ children: ReactNode }> {
  private readonly stage: Stage = { live: false };

  /**
   * Where Preact's compat layer hands a wait thrown below (its Suspense's own hook, in
   * Preact's mangled name): the nearest one takes it. A Suspense would show its fallback; this
   * draws the part that waited again once the wait is over, settled either way, as a Suspense
   * does (a lazy part below with no Suspense of its own waits here too).
   */
  __c(wait: Promise<unknown>, waiting: { __c: Held }) {
    const draw = () => waiting.__c.forceUpdate();
    // A part held back from the takeover is drawn as a stage of it, at once (Preact would draw
    // it in a microtask, after the takeover's flag is down): what is staged inside it waits for
    // a task of its own.
    const retry = holds.has(wait)
      ? () => {
          this.stage.live = true;
          takeOverInStages(() => flushSync(draw));
        }
      : draw;
    void wait.then(retry, retry);
  }

  override render() {
    return <Hold stage={this.stage}>{this.props.children}</Hold>;
  }
}
