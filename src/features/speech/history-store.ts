import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { SpeechFormValues } from './speech-form-schema';

/** Enough to find a recent take again without letting audio pile up in the browser. */
export const historyLimit = 50;

export interface HistoryAudioInfo {
  /** Milliseconds. */
  durationMs?: number;
  /** Hz. */
  sampleRate?: number;
  channels?: number;
  /** Bits per second. */
  bitrate?: number;
  /** Bytes. */
  size?: number;
}

export interface HistoryEntry {
  id: string;
  /** ISO 8601. */
  created_at: string;
  /** Sort key: strictly increasing even for several entries in the same millisecond. */
  order: number;
  settings: SpeechFormValues;
  /** The audio itself (sync results). */
  audio: Blob | null;
  /** Where the service serves the audio (async results), when the bytes are not kept. */
  audioUrl: string | null;
  format: string;
  info: HistoryAudioInfo;
  traceId: string | null;
}

export type NewHistoryEntry = Omit<HistoryEntry, 'id' | 'order' | 'created_at'> & {
  created_at?: string;
};

let store: UseStore | null = null;
// Opened on first use, not at import, so tests can install an IndexedDB first.
function historyStore(): UseStore {
  store ??= createStore('media-studio-speech', 'history');
  return store;
}

let lastOrder = 0;
function nextOrder(): number {
  lastOrder = Math.max(Date.now(), lastOrder + 1);
  return lastOrder;
}

async function allEntries(): Promise<HistoryEntry[]> {
  const rows = await entries<string, HistoryEntry>(historyStore());
  return rows.map(([, entry]) => entry).sort((a, b) => b.order - a.order);
}

/** Newest first. */
export async function listHistory(): Promise<HistoryEntry[]> {
  return (await allEntries()).slice(0, historyLimit);
}

/** Stores one synthesis and drops the oldest beyond the limit. */
export async function addHistory(input: NewHistoryEntry): Promise<HistoryEntry> {
  const order = nextOrder();
  const entry: HistoryEntry = {
    ...input,
    id: `${order.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    order,
    created_at: input.created_at ?? new Date().toISOString(),
  };
  await set(entry.id, entry, historyStore());
  const excess = (await allEntries()).slice(historyLimit);
  await Promise.all(excess.map((old) => del(old.id, historyStore())));
  return entry;
}

export async function removeHistory(id: string): Promise<void> {
  await del(id, historyStore());
}

export async function clearHistory(): Promise<void> {
  await clear(historyStore());
}
