import { useSyncExternalStore } from 'react';
import { apiClient } from '../api/api-client';
import { isApiError } from '../api/api-error';
import type { HistoryEntry, HistoryEvent, HistoryKind, HistoryList } from '../api/contract/history';
import { historyKinds, trainingHistoryKinds } from '../api/contract/history-kinds';
import { openHistoryStream, type HistoryStreamState } from '../api/history-stream';
import { compareCodeUnits } from './compare-code-units';

/**
 * The gateway's history as this tab sees it: one list per group of kinds, loaded page by page
 * and kept current by the one event stream of the tab. When the stream is down, each list is
 * read again every few seconds instead, so nothing waits for the stream to come back.
 */
export const historyGroups = {
  training: trainingHistoryKinds,
  generation: ['image', 'video'],
  speech: ['speech', 'speech_async', 'voice_extend'],
  upload: ['upload'],
  sandbox: ['sandbox'],
  /** The newest entries of every kind (one page): home's recent activity. */
  recent: historyKinds,
} as const satisfies Record<string, readonly HistoryKind[]>;
export type HistoryGroup = keyof typeof historyGroups;

/** Groups read in full; the others keep their first page only. */
const recentSize = 10;
const isWhole = (group: HistoryGroup) => group !== 'recent';

export interface HistorySnapshot {
  entries: readonly HistoryEntry[];
  /** The first page arrived (or failed): the list can be drawn. */
  loaded: boolean;
  /** The last read failed; the list keeps what it had. */
  error: unknown;
  /** The gateway could not record something: the user should know the history may miss it. */
  warning: string | null;
}

/** The page size when reading a whole group; the gateway's largest. */
const pageSize = 200;
/** How often a list is read again while the event stream is down. */
export const fallbackPollMs = 5_000;

type Transition = (previous: HistoryEntry | undefined, next: HistoryEntry) => void;

const inGroup = (group: HistoryGroup, kind: HistoryKind) =>
  (historyGroups[group] as readonly HistoryKind[]).includes(kind);

const newestFirst = (a: HistoryEntry, b: HistoryEntry) =>
  compareCodeUnits(b.created_at, a.created_at) || compareCodeUnits(b.id, a.id);

class GroupList {
  snapshot: HistorySnapshot = { entries: [], loaded: false, error: null, warning: null };
  readonly listeners = new Set<() => void>();
  /**
   * The gateway's change number the list was last read whole at (its first page's), or null
   * when unknown: never read, a failed read, or a gateway that does not say.
   */
  readAt: number | null = null;
  private loading: Promise<void> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  /** Changes the stream brought while pages were read: applied over what the pages say. */
  private changedDuringLoad = new Map<string, HistoryEntry | null>();

  constructor(readonly group: HistoryGroup) {}

  publish(patch: Partial<HistorySnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  /** Reads every page of the group; the first page shows as soon as it arrives. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      try {
        let cursor: string | undefined;
        let readAt: number | null | undefined;
        const all: HistoryEntry[] = [];
        do {
          const whole = isWhole(this.group);
          const page = await apiClient.listHistory({
            ...(whole && { kind: historyGroups[this.group].join(',') }),
            limit: whole ? pageSize : recentSize,
            ...(cursor && { cursor }),
          });
          all.push(...page.entries);
          // The first page's number: later pages were read after it, so it covers them too.
          if (readAt === undefined) readAt = page.seq ?? null;
          cursor = whole ? (page.next_cursor ?? undefined) : undefined;
          this.publish({
            entries: this.withChanges(all),
            loaded: true,
            error: null,
            warning: page.warning,
          });
        } while (cursor);
        this.readAt = readAt ?? null;
      } catch (error) {
        this.readAt = null;
        this.publish({ loaded: true, error });
        this.retryLater();
      } finally {
        this.loading = null;
        this.changedDuringLoad.clear();
      }
    })();
    return this.loading;
  }

  /** Read whole at a known change, and no read under way whose answer might be older. */
  get settledAt(): number | null {
    return this.loading || !this.snapshot.loaded ? null : this.readAt;
  }

  /** Reads the group again, after the read under way if there is one: its answer may be older. */
  readAgain() {
    if (this.loading) void this.loading.then(() => this.load());
    else if (this.snapshot.loaded) void this.load();
  }

  /**
   * The stream brings changes, never the list itself: a failed read is tried again while a
   * page shows the list, or it would stay empty until the user reloads.
   */
  private retryLater() {
    if (this.retry || this.listeners.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.listeners.size > 0 && this.snapshot.error) void this.load();
    }, fallbackPollMs);
  }

  private withChanges(read: readonly HistoryEntry[]): HistoryEntry[] {
    if (this.changedDuringLoad.size === 0) return [...read];
    const byId = new Map(read.map((entry) => [entry.id, entry] as const));
    for (const [id, entry] of this.changedDuringLoad) {
      if (entry) byId.set(id, entry);
      else byId.delete(id);
    }
    return [...byId.values()].sort(newestFirst);
  }

  upsert(entry: HistoryEntry): HistoryEntry | undefined {
    if (this.loading) this.changedDuringLoad.set(entry.id, entry);
    const entries = this.snapshot.entries;
    const index = entries.findIndex((candidate) => candidate.id === entry.id);
    const previous = index >= 0 ? entries[index] : undefined;
    const next =
      index >= 0
        ? entries.map((candidate, i) => (i === index ? entry : candidate))
        : [...entries, entry].sort(newestFirst);
    this.publish({ entries: isWhole(this.group) ? next : next.slice(0, recentSize) });
    return previous;
  }

  remove(id: string) {
    if (this.loading) this.changedDuringLoad.set(id, null);
    if (this.snapshot.entries.some((entry) => entry.id === id))
      this.publish({ entries: this.snapshot.entries.filter((entry) => entry.id !== id) });
  }
}

const lists = new Map<HistoryGroup, GroupList>();
const transitionListeners = new Set<Transition>();
const warningListeners = new Set<(message: string) => void>();
let closeStream: (() => void) | null = null;
let pollTimer: ReturnType<typeof setInterval> | null = null;
let streamState: HistoryStreamState = 'connecting';
/** The lists the stream's first opening brings up to date by itself (see connectServerHistory). */
let coveredByStream = new Set<GroupList>();

function listOf(group: HistoryGroup): GroupList {
  let list = lists.get(group);
  if (!list) {
    list = new GroupList(group);
    lists.set(group, list);
  }
  return list;
}

function onEvent(event: HistoryEvent) {
  if (event.type === 'upsert') {
    const { entry } = event;
    let previous: HistoryEntry | undefined;
    for (const list of lists.values()) {
      if (inGroup(list.group, entry.kind)) previous = list.upsert(entry) ?? previous;
    }
    transitionListeners.forEach((listener) => listener(previous, entry));
  } else if (event.type === 'delete') {
    lists.forEach((list) => list.remove(event.id));
  } else if (event.type === 'reset') {
    lists.forEach((list) => void list.load());
  } else {
    lists.forEach((list) => list.publish({ warning: event.message }));
    warningListeners.forEach((listener) => listener(event.message));
  }
}

function onState(state: HistoryStreamState) {
  const wasOpen = streamState === 'open';
  streamState = state;
  if (state === 'down' && !pollTimer) {
    pollTimer = setInterval(() => lists.forEach((list) => void list.load()), fallbackPollMs);
  } else if (state === 'open') {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
    // Opened, first or after being down: what changed before it opened is read again, also
    // by a list whose read is under way (the gateway may have answered it before that change).
    // On the first opening, the lists the stream resumed from need not be.
    if (!wasOpen) {
      lists.forEach((list) => {
        if (!coveredByStream.has(list)) list.readAgain();
      });
      coveredByStream = new Set();
    }
  }
}

/**
 * Opens the tab's stream (once); the app calls it in gateway mode. The lists already read whole
 * each know the change they were read at: the stream starts right after the oldest of those, so
 * the gateway replays whatever any of them misses and none is read again when it opens. A list
 * read under way, failed or never read is read again as before.
 */
export function connectServerHistory(): () => void {
  if (!closeStream) {
    const settled = [...lists.values()].filter((list) => list.settledAt !== null);
    const from = settled.length ? Math.min(...settled.map((list) => list.settledAt!)) : null;
    coveredByStream = new Set(settled);
    closeStream = openHistoryStream({ onEvent, onState }, from);
  }
  return () => {
    closeStream?.();
    closeStream = null;
    coveredByStream = new Set();
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
  };
}

/** Called with each entry that changed, and how this tab last saw it (to spot transitions). */
export function onHistoryTransition(listener: Transition): () => void {
  transitionListeners.add(listener);
  return () => transitionListeners.delete(listener);
}

/** Called when the gateway reports, live, that it could not record something. */
export function onHistoryWarning(listener: (message: string) => void): () => void {
  warningListeners.add(listener);
  return () => warningListeners.delete(listener);
}

export function historySnapshot(group: HistoryGroup): HistorySnapshot {
  return listOf(group).snapshot;
}

export function subscribeHistory(group: HistoryGroup, listener: () => void): () => void {
  const list = listOf(group);
  list.listeners.add(listener);
  if (!list.snapshot.loaded) void list.load();
  return () => list.listeners.delete(listener);
}

/**
 * A group's first page as the gateway drew the page with it (src/lib/history-seed.ts). When that
 * page is the whole list, the stream resumes from the change the gateway numbered it with;
 * otherwise the stream's first opening reads the list in full.
 */
export function seedHistory(group: HistoryGroup, page: HistoryList) {
  const list = listOf(group);
  // A seed that is only the first page leaves the list to be read in full when the stream opens.
  list.readAt = page.next_cursor === null ? (page.seq ?? null) : null;
  list.publish({
    entries: page.entries,
    loaded: true,
    error: null,
    warning: page.warning,
  });
}

/** Reads a group again now (after a local change the stream will also report). */
export function refreshHistory(group: HistoryGroup): Promise<void> {
  return listOf(group).load();
}

/** Applies an entry this tab just learned of, before the stream brings it. */
export function noteHistoryEntry(entry: HistoryEntry) {
  onEvent({ type: 'upsert', entry });
}

export function noteHistoryRemoved(id: string) {
  onEvent({ type: 'delete', id });
}

/**
 * Lists an entry this tab just made before the event stream brings it. Best effort: the stream
 * (or its fallback reading) brings it anyway, and the creation itself already succeeded.
 */
export async function showHistoryEntry(id: string): Promise<void> {
  try {
    noteHistoryEntry(await apiClient.historyEntry(id));
  } catch {
    // Nothing to tell the user: the entry arrives with the stream.
  }
}

/** Removes an entry from the gateway's history, for every viewer (the service keeps the resource). */
export async function removeHistoryEntry(id: string): Promise<void> {
  try {
    await apiClient.deleteHistoryEntry(id);
  } catch (error) {
    // Already gone for everyone is what the user asked for.
    if (!isApiError(error) || error.status !== 404) throw error;
  }
  noteHistoryRemoved(id);
}

/** A group's entries, newest first, live across every tab and browser on this gateway. */
export function useServerHistory(group: HistoryGroup): HistorySnapshot {
  return useSyncExternalStore(
    (listener) => subscribeHistory(group, listener),
    () => historySnapshot(group),
    () => historySnapshot(group),
  );
}

const noSubscription = () => () => {};
/** Direct mode: the browser's own store answers, read at once and never failing like this. */
const noHistory: HistorySnapshot = { entries: [], loaded: true, error: null, warning: null };
const readNoHistory = () => noHistory;
const readTraining = () => historySnapshot('training');

/**
 * The gateway's training list as read (loaded, read error, recording warning), in gateway
 * mode (`enabled`); in direct mode, a list read without trouble.
 */
export function useTrainingHistory(enabled: boolean): HistorySnapshot {
  return useSyncExternalStore(
    enabled ? (listener) => subscribeHistory('training', listener) : noSubscription,
    enabled ? readTraining : readNoHistory,
    enabled ? readTraining : readNoHistory,
  );
}
