import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { z } from '../api/contract/zod';

/** What every stored entry carries besides its own fields. */
export interface HistoryRecord {
  id: string;
  /** ISO 8601. */
  created_at: string;
  /** Sort key: strictly increasing even for several entries in the same millisecond. */
  order: number;
}

export type NewRecord<E extends HistoryRecord> = Omit<E, 'id' | 'order' | 'created_at'> & {
  created_at?: string;
};

export interface BrowserHistory<E extends HistoryRecord> {
  readonly limit: number;
  /** Newest first, at most `limit`. */
  list(): Promise<E[]>;
  /** Stores one entry and drops the oldest beyond the limit. */
  add(input: NewRecord<E>): Promise<E>;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
}

let lastOrder = 0;
function nextOrder(): number {
  lastOrder = Math.max(Date.now(), lastOrder + 1);
  return lastOrder;
}

/**
 * A bounded, newest-first list kept in this browser's IndexedDB: what a page made here
 * (speech takes, generations, sandboxes) when the service has no list endpoint for it.
 * The database opens on first use, not at import, so tests can install an IndexedDB first.
 */
export function createBrowserHistory<E extends HistoryRecord>(options: {
  database: string;
  limit: number;
  /** The entry's key, when it has a natural one (a sandbox_id); else one is made. */
  idOf?: (input: NewRecord<E>) => string;
  /**
   * Loads the schema that checks entries as they are added and read (rows an older version
   * wrote are skipped). Loaded on first use: a page that lists the history need not carry zod.
   */
  schema?: () => Promise<z.ZodMiniType<E>>;
}): BrowserHistory<E> {
  let store: UseStore | null = null;
  const open = () => (store ??= createStore(options.database, 'history'));

  async function all(): Promise<E[]> {
    const rows = await entries<string, unknown>(open());
    const schema = await options.schema?.();
    const valid = rows.flatMap(([, row]) => {
      if (!schema) return [row as E];
      const parsed = schema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
    return valid.sort((a, b) => b.order - a.order);
  }

  return {
    limit: options.limit,
    list: async () => (await all()).slice(0, options.limit),
    async add(input) {
      const order = nextOrder();
      const made = {
        ...input,
        id:
          options.idOf?.(input) ??
          `${order.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        order,
        created_at: input.created_at ?? new Date().toISOString(),
      };
      const schema = await options.schema?.();
      const entry = schema ? schema.parse(made) : (made as E);
      await set(entry.id, entry, open());
      const excess = (await all()).slice(options.limit);
      await Promise.all(excess.map((old) => del(old.id, open())));
      return entry;
    },
    remove: (id) => del(id, open()),
    clear: () => clear(open()),
  };
}
