import type { HistoryStarter, HistoryEntry as SharedEntry } from '../../api/contract/history';
import { sampleRateBounds, speechFormats, speedBounds } from '../../api/contract/speech-options';
import type { AudioFactValues } from './components/audio-facts';
import type { HistoryEntry as LocalEntry } from './history-store';
import type { SpeechFormValues } from './speech-form-schema';
import { safeHttpUrl } from '../../lib/safe-url';

/** How the take was made: POST /t2a, POST /t2a/async, or POST /voice/extend. */
export type TakeKind = 'sync' | 'async' | 'extend';

/** The request that made a take, body as sent, for "copy as curl". */
export interface TakeRequest {
  kind: TakeKind;
  body: Record<string, unknown>;
}

/**
 * One entry of the speech history as the list draws it, whichever history it came from: this
 * browser's IndexedDB (direct mode) or the gateway's shared history.
 */
export interface SpeechTake {
  id: string;
  kind: TakeKind;
  text: string;
  /** Empty when the request named none (the service's default voice) or for an extend. */
  voiceId: string;
  created_at: string;
  /** `completed` when the audio is there; an async task may still be `processing`, or `failed`. */
  status: string;
  error: string | null;
  /** The bytes (kept in this browser) or where they are served; null until there is audio. */
  audio: Blob | string | null;
  format: string;
  facts: AudioFactValues;
  /** What "Use these settings" puts back in the form; null for an extend (another form). */
  settings: SpeechFormValues | null;
  request: TakeRequest;
  /** Sent by another client of the gateway (curl, a script), not by a dashboard. */
  fromOtherClient: boolean;
  /** Who made it, signed in to a shared gateway; null in this browser's own history. */
  startedBy?: HistoryStarter | null;
}

/** A take this browser kept, in direct mode. */
export function takeFromLocal(entry: LocalEntry): SpeechTake {
  const { settings, info } = entry;
  const { text, voice_id, speed, format, sample_rate, mode } = settings;
  return {
    id: entry.id,
    kind: mode,
    text,
    voiceId: voice_id,
    created_at: entry.created_at,
    status: 'completed',
    error: null,
    audio: entry.audio ?? entry.audioUrl,
    format: entry.format,
    facts: {
      durationS: info.durationMs !== undefined ? info.durationMs / 1000 : undefined,
      sampleRate: info.sampleRate ?? sample_rate,
      size: info.size,
      format: entry.format,
    },
    settings,
    request: {
      kind: mode,
      body:
        mode === 'sync'
          ? { text, voice_id, speed, format, sample_rate }
          : { text, voice_id, format, sample_rate },
    },
    fromOtherClient: false,
    startedBy: null,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const inRange = (value: number | undefined, bounds: { min: number; max: number }) =>
  value !== undefined && value >= bounds.min && value <= bounds.max ? value : undefined;

const takeKinds: Partial<Record<SharedEntry['kind'], TakeKind>> = {
  speech: 'sync',
  speech_async: 'async',
  voice_extend: 'extend',
};

/**
 * The form's values from a request as another client may have sent it: anything missing or
 * out of the form's range falls back to the service's default, so the form opens valid.
 */
function settingsFrom(kind: 'sync' | 'async', params: Record<string, unknown>): SpeechFormValues {
  const format = text(params.format);
  return {
    text: text(params.text) ?? '',
    voice_id: text(params.voice_id) ?? '',
    speed: inRange(num(params.speed), speedBounds) ?? speedBounds.default,
    format: speechFormats.find((known) => known === format) ?? 'mp3',
    sample_rate: inRange(num(params.sample_rate), sampleRateBounds) ?? sampleRateBounds.default,
    mode: kind,
  };
}

// The same entry object gives the same take, so rows of unchanged entries skip rendering.
const takes = new WeakMap<SharedEntry, SpeechTake>();

/** A take of the gateway's shared history (kinds speech, speech_async and voice_extend). */
export function takeFromShared(entry: SharedEntry): SpeechTake {
  const cached = takes.get(entry);
  if (cached) return cached;
  const kind = takeKinds[entry.kind] ?? 'sync';
  const { params, result } = entry;
  const format = result?.format ?? text(params.format) ?? (kind === 'extend' ? 'wav' : 'mp3');
  const take: SpeechTake = {
    id: entry.id,
    kind,
    text: text(params.text) ?? entry.name,
    voiceId: kind === 'extend' ? '' : (text(params.voice_id) ?? ''),
    created_at: entry.created_at,
    status: entry.status,
    error: entry.error?.message ?? null,
    // Any client can record an entry: only an http(s) URL reaches a player or a link. The
    // gateway drawing the page (server/live-pages) has no address to resolve a relative one.
    audio: safeHttpUrl(result?.urls[0], globalThis.document?.baseURI),
    format,
    facts: {
      durationS: result?.duration_s,
      sampleRate: result?.sample_rate ?? (kind === 'extend' ? undefined : num(params.sample_rate)),
      size: result?.size,
      format,
    },
    settings: kind === 'extend' ? null : settingsFrom(kind, params),
    request: { kind, body: params },
    fromOtherClient: entry.source === 'client',
    startedBy: entry.started_by,
  };
  takes.set(entry, take);
  return take;
}
