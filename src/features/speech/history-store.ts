import {
  createBrowserHistory,
  type HistoryRecord,
  type NewRecord,
} from '../../lib/browser-history';
import type { SpeechFormValues } from './speech-form-schema';
import { localHistoryDatabases } from '../../lib/local-history-databases';

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

export interface HistoryEntry extends HistoryRecord {
  settings: SpeechFormValues;
  /** The audio itself (sync results). */
  audio: Blob | null;
  /** Where the service serves the audio (async results), when the bytes are not kept. */
  audioUrl: string | null;
  format: string;
  info: HistoryAudioInfo;
  traceId: string | null;
}

export type NewHistoryEntry = NewRecord<HistoryEntry>;

// The database name predates the shared store; keeping it keeps everyone's takes.
const history = createBrowserHistory<HistoryEntry>({
  database: localHistoryDatabases.speech,
  limit: historyLimit,
});

/** Newest first. */
export const listHistory = () => history.list();
/** Stores one synthesis and drops the oldest beyond the limit. */
export const addHistory = (input: NewHistoryEntry) => history.add(input);
export const removeHistory = (id: string) => history.remove(id);
export const clearHistory = () => history.clear();
