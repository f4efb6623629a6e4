import { useSyncExternalStore } from 'react';
import { apiClient } from '../api/api-client';
import { isApiError } from '../api/api-error';
import type { HistoryEntry, HistoryEvent, HistoryKind, HistoryList } from '../api/contract/history';
import {
  historyGroupPage,
  historyGroups,
  isWholeGroup,
  recentActivitySize,
  type HistoryGroup,
} from '../api/contract/history-groups';
import { openHistoryStream, type HistoryStreamState } from '../api/history-stream';
import { compareCodeUnits } from './compare-code-units';

/**
 * The gateway's history as this tab sees it: one list per group of kinds, loaded page by page
 * and kept current by the one event stream of the tab. When the stream is down, each list is
 * read again every few seconds instead, so nothing waits for the stream to come back.
 */

// The groups are the contract's: the gateway draws a page with the same lists (server/live-pages).
export { historyGroups, type HistoryGroup };

export interface HistorySnapshot {
  entries: readonly HistoryEntry[];
  /** The first page arrived (or failed): the list can be drawn. */
  loaded: boolean;
  /**
   * Entries of the group not read yet: after its first page (or the seed the page was drawn
   * with) and until the last, the count the gateway gave less what is in. A list counts and
   * offers them ("Show 7 more") from the start, rather than growing as they arrive.
   */
  unread: number;
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

/**
 * How many of a whole group's entries are still to read once `read` of them are in, by the
 * count the gateway gave with `page`; none after the last page, or for recent activity, which
 * is only ever its first page.
 */
const unreadAfter = (page: HistoryList, read: number, whole: boolean) =>
  whole && page.next_cursor !== null ? Math.max(0, page.total - read) : 0;

/** Where a read continues: the first page is in, the rest follows from the cursor. */
interface ReadSoFar {
  entries: readonly HistoryEntry[];
  cursor: string;
  seq: number | null;
}

class GroupList {
  snapshot: HistorySnapshot = {
    entries: [],
    loaded: false,
    unread: 0,
    error: null,
    warning: null,
  };
  readonly listeners = new Set<() => void>();
  /**
   * The gateway's change number the list was last read whole at (its first page's), or null
   * when unknown: never read, a failed read, or a gateway that does not say.
   */
  readAt: number | null = null;
  /** The read under way, if any. */
  loading: Promise<void> | null = null;
  /** The change number of the read under way, once its first page is in. */
  private loadingAt: number | null | undefined;
  private retry: ReturnType<typeof setTimeout> | null = null;
  /** Changes the stream brought while pages were read: applied over what the pages say. */
  private changedDuringLoad = new Map<string, HistoryEntry | null>();

  constructor(readonly group: HistoryGroup) {}

  publish(patch: Partial<HistorySnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  /**
   * Reads every page of the group; the first page shows as soon as it arrives. A read that
   * already has its first page (a seed) goes on from its cursor.
   */
  load(soFar?: ReadSoFar): Promise<void> {
    this.loading ??= (async () => {
      this.loadingAt = soFar ? soFar.seq : undefined;
      try {
        let cursor = soFar?.cursor;
        const all: HistoryEntry[] = [...(soFar?.entries ?? [])];
        do {
          const whole = isWholeGroup(this.group);
          const page = await apiClient.listHistory({
            ...historyGroupPage(this.group, pageSize),
            ...(cursor && { cursor }),
          });
          all.push(...page.entries);
          // The first page's number: later pages were read after it, so it covers them too.
          if (this.loadingAt === undefined) {
            this.loadingAt = page.seq ?? null;
            firstPageListeners.forEach((listener) => listener());
          }
          cursor = whole ? (page.next_cursor ?? undefined) : undefined;
          this.publish({
            entries: this.withChanges(all),
            loaded: true,
            unread: unreadAfter(page, all.length, whole),
            error: null,
            warning: page.warning,
          });
        } while (cursor);
        this.readAt = this.loadingAt ?? null;
      } catch (error) {
        this.readAt = null;
        this.publish({ loaded: true, error });
        this.retryLater();
      } finally {
        this.loading = null;
        this.loadingAt = undefined;
        this.changedDuringLoad.clear();
        // A read that failed before its first page has none to wait for any more.
        firstPageListeners.forEach((listener) => listener());
      }
    })();
    return this.loading;
  }

  /** A read is under way and its first page, with the change it was read at, is not in yet. */
  get firstPagePending(): boolean {
    return this.loading !== null && this.loadingAt === undefined;
  }

  /**
   * The change the list is known to be current at: its first page's number, of the read under
   * way once that page is in, or of the last whole read; null when unknown.
   */
  get currentAt(): number | null {
    if (this.loading) return this.loadingAt ?? null;
    return this.snapshot.loaded ? this.readAt : null;
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
    this.publish({ entries: isWholeGroup(this.group) ? next : next.slice(0, recentActivitySize) });
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
/** Told when a read's first page comes in (or the read ends without one). */
const firstPageListeners = new Set<() => void>();
/** The tab asked for the stream (connectServerHistory) and has not let it go. */
let connected = false;
let closeStream: (() => void) | null = null;
/** The change the stream resumes from; null when it starts from the gateway's newest. */
let streamFrom: number | null = null;
let openedOnce = false;
let pollTimer: ReturnType<typeof setInterval> | null = null;
let streamState: HistoryStreamState = 'connecting';
/**
 * How long the stream waits for reads under way to bring their first page: resuming from their
 * number spares reading those lists a second time when it opens. Nothing is lost meanwhile, as
 * the stream replays what changed since; the bound is for a read that hangs.
 */
export const firstReadWaitMs = 10_000;
let firstReadWait: ReturnType<typeof setTimeout> | null = null;

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
    if (wasOpen) return;
    if (!openedOnce) {
      openedOnce = true;
      lists.forEach(catchUp);
    } else {
      // Open again after being down: what changed meanwhile is read again, also by a list whose
      // read is under way (the gateway may have answered it before that change).
      lists.forEach((list) => list.readAgain());
    }
  }
}

/**
 * On the stream's first opening, a list is current if it was read at or after the change the
 * stream resumes from: the stream replays everything after it. Any other list (read before, at
 * an unknown change, or the stream started from the gateway's newest) is read again; a read
 * under way is judged by its answer.
 */
function catchUp(list: GroupList) {
  const check = () => {
    const at = list.currentAt;
    if (streamFrom === null || at === null || at < streamFrom) list.readAgain();
  };
  if (list.firstPagePending) void list.loading?.then(check);
  else check();
}

function openStream() {
  firstPageListeners.delete(openWhenReadsAnswer);
  if (firstReadWait) clearTimeout(firstReadWait);
  firstReadWait = null;
  if (!connected || closeStream) return;
  const known = [...lists.values()]
    .map((list) => list.currentAt)
    .filter((at): at is number => at !== null);
  streamFrom = known.length ? Math.min(...known) : null;
  closeStream = openHistoryStream({ onEvent, onState }, streamFrom);
}

function openWhenReadsAnswer() {
  if (![...lists.values()].some((list) => list.firstPagePending)) openStream();
}

/**
 * Opens the tab's stream (once); the app calls it in gateway mode. It resumes right after the
 * oldest change the lists were read at, so the gateway replays whatever any of them misses and
 * none is read again when it opens. Reads under way are waited for a moment, for the same end.
 */
export function connectServerHistory(): () => void {
  if (!connected) {
    connected = true;
    firstPageListeners.add(openWhenReadsAnswer);
    firstReadWait = setTimeout(openStream, firstReadWaitMs);
    openWhenReadsAnswer();
  }
  return () => {
    connected = false;
    firstPageListeners.delete(openWhenReadsAnswer);
    if (firstReadWait) clearTimeout(firstReadWait);
    firstReadWait = null;
    closeStream?.();
    closeStream = null;
    openedOnce = false;
    streamState = 'connecting';
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
 * A group's first page as the gateway drew the page with it (src/lib/history-seed.ts). The stream
 * resumes from the change the gateway numbered it with; when the page is not the whole list, the
 * rest is read from its cursor.
 */
export function seedHistory(group: HistoryGroup, page: HistoryList) {
  const list = listOf(group);
  list.readAt = page.seq ?? null;
  const whole = isWholeGroup(group);
  list.publish({
    entries: page.entries,
    loaded: true,
    unread: unreadAfter(page, page.entries.length, whole),
    error: null,
    warning: page.warning,
  });
  // A seed that is only the first page: the rest is read at once, after it.
  if (page.next_cursor !== null && whole) {
    void list.load({ entries: page.entries, cursor: page.next_cursor, seq: page.seq ?? null });
  }
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
const noHistory: HistorySnapshot = {
  entries: [],
  loaded: true,
  unread: 0,
  error: null,
  warning: null,
};
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
