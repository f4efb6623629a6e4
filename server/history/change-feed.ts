import type { HistoryChange } from './types';

type Listener = (change: HistoryChange) => void;

/**
 * How the history's changes reach the viewers of this process (the event streams, the poller):
 * every subscriber gets each change once, in the order of its number.
 */
export interface ChangeFeed {
  subscribe(listener: Listener): () => void;
  /**
   * True when the feed hears every commit through the database, this process's own included:
   * the writer then leaves the telling to it.
   */
  readonly hearsCommits: boolean;
  /** A change this process just committed, for a feed that does not hear commits. */
  publish(change: HistoryChange): void;
  /** Resolves once the feed knows where it starts: any change committed later reaches it. */
  readonly ready: Promise<void>;
  /** Resolves once every change committed so far has been handed to the subscribers. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** The subscribers of one feed: one that throws does not stop the others. */
export function subscribers() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    tell(change: HistoryChange) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch {
          // A broken viewer must not break the write or the other viewers.
        }
      }
    },
  };
}

/**
 * One process on its own database (SQLite): the writer tells the subscribers after each commit,
 * and no other process writes.
 */
export function localChangeFeed(): ChangeFeed {
  const { subscribe, tell } = subscribers();
  return {
    subscribe,
    hearsCommits: false,
    publish: tell,
    ready: Promise.resolve(),
    caughtUp: async () => undefined,
    close: async () => undefined,
  };
}
