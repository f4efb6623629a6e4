import type {
  HistoryEntry,
  HistoryError,
  HistoryEvent,
  HistoryImportEntry,
  HistoryKind,
  HistoryReading,
  HistoryResult,
  HistoryPerson,
  HistorySource,
  HistoryStarter,
  ParsedHistoryQuery,
} from '../../src/api/contract/history';

/** A creation the recorder saw pass through the gateway. */
export interface NewHistoryRecord {
  id: string;
  kind: HistoryKind;
  name: string;
  params: Record<string, unknown>;
  created_at: string;
  status: string;
  latest: Record<string, unknown> | null;
  result: HistoryResult | null;
  cost: number | null;
  error: HistoryError | null;
  source: HistorySource;
  trace_id?: string | null;
  elapsed_ms?: number | null;
  /** The signed-in person who sent it; null in open mode. */
  started_by?: HistoryStarter | null;
}

/**
 * What the poller writes under: the term of the lead it holds (poller-lead.ts). On PostgreSQL
 * a write whose term is not the current one (another replica took the lead since) changes
 * nothing; null means this process does not lead.
 */
export interface LeadFence {
  term: number | null;
}

/** A job the poller follows: not settled yet. */
export interface PendingJob {
  id: string;
  kind: HistoryKind;
  status: string;
  /** When its status, progress or step last changed (ISO 8601): the stall clock. */
  last_change_at: string;
  stalled: boolean;
}

/** A change, numbered: the number is the SSE event id a stream resumes after. */
export interface HistoryChange {
  seq: number;
  event: HistoryEvent;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  next_cursor: string | null;
  total: number;
  total_exact: boolean;
  /** The newest change when the page was read: a stream resuming from it misses nothing. */
  seq: number;
}

export interface RetentionPolicy {
  /** Settled entries older than this are removed. */
  days: number;
  /** Beyond this many rows, the oldest settled entries are removed. */
  maxRows: number;
}

/**
 * The gateway's durable history (SQLite in its data directory, or PostgreSQL shared by the
 * replicas). Every write that changes what a viewer sees appends one numbered change, and the
 * change reaches the subscribers (of every replica).
 */
export interface HistoryStore {
  /** Stores a new record; a record whose id is already stored is left as it is and returned. */
  insert(record: NewHistoryRecord): Promise<HistoryEntry>;
  /** Stores an entry a browser kept before; 'skipped' when the id is already stored. */
  importEntry(entry: HistoryImportEntry, source: HistorySource): Promise<'imported' | 'skipped'>;
  /**
   * Applies a status body (`data` of a training-status or speech-task response) read at `at`:
   * status, latest, cost, result, error; appends a reading when status, progress or step
   * changed. Null when the id is not stored.
   */
  applyStatus(
    id: string,
    data: Record<string, unknown>,
    at: string,
    fence?: LeadFence,
  ): Promise<HistoryEntry | null>;
  /** The service answered 404: the job is `unknown` and never polled again. */
  markUnknown(id: string, at: string, fence?: LeadFence): Promise<HistoryEntry | null>;
  setStalled(id: string, stalled: boolean, fence?: LeadFence): Promise<HistoryEntry | null>;
  /** With every kept reading (up to 500). */
  get(id: string): Promise<HistoryEntry | null>;
  list(query: ParsedHistoryQuery): Promise<HistoryPage>;
  /** Everyone who started an entry (of these kinds, when given), by name. */
  people(kinds?: readonly HistoryKind[]): Promise<HistoryPerson[]>;
  /** Removes the entry, its readings and its kept audio. */
  delete(id: string): Promise<boolean>;
  /** Training jobs and async speech tasks whose status is not settled. */
  pending(): Promise<PendingJob[]>;
  /**
   * The changes after `seq`, one per entry (its latest state), oldest first; null when the
   * log no longer reaches back that far (or `seq` is ahead of it): the reader starts over.
   */
  changesSince(seq: number): Promise<HistoryChange[] | null>;
  /** The number of the newest change, 0 when none. */
  lastSeq(): Promise<number>;
  /**
   * Each change as it is committed, in order. A `reset` event (numbered with the newest
   * change) means some changes could not be read: the viewer reads the list again.
   */
  subscribe(listener: (change: HistoryChange) => void): () => void;
  /**
   * Counts in the usage (server/usage) the entries it has not counted yet: those a gateway
   * kept before it counted usage. Returns how many it counted.
   */
  backfillUsage(batch?: number): Promise<number>;
  /** Removes what the policy says is too old or too many; returns how many entries went. */
  prune(policy: RetentionPolicy, now: Date): Promise<number>;
  close(): Promise<void>;
}

export type { HistoryReading };
