import { randomUUID } from 'node:crypto';
import { firstWords, type HistoryKind, type HistoryResult } from '../../src/api/contract/history';

/** The creations the history records, by method and path (below the gateway's /api prefix). */
const creations: ReadonlyArray<{ path: string; kind: HistoryKind }> = [
  { path: '/api/v1/training/voice', kind: 'voice' },
  { path: '/api/v1/training/lora/music', kind: 'music_lora' },
  { path: '/api/v1/training/lora/video', kind: 'video_lora' },
  { path: '/api/v1/image/generate', kind: 'image' },
  { path: '/api/v1/video/generate', kind: 'video' },
  { path: '/api/v1/t2a', kind: 'speech' },
  { path: '/api/v1/t2a/async', kind: 'speech_async' },
  { path: '/api/v1/voice/extend', kind: 'voice_extend' },
  { path: '/api/v1/files/upload', kind: 'upload' },
  { path: '/api/v1/code/sandbox', kind: 'sandbox' },
];

const statusReads: ReadonlyArray<{ pattern: RegExp; kind: 'training' | 'speech_async' }> = [
  { pattern: /^\/api\/v1\/training\/status\/([^/]+)$/, kind: 'training' },
  { pattern: /^\/api\/v1\/t2a\/async\/([^/]+)$/, kind: 'speech_async' },
];

export type RecordedRoute =
  | { type: 'creation'; kind: HistoryKind }
  | { type: 'status'; kind: 'training' | 'speech_async'; id: string };

export function matchRecordedRoute(method: string, path: string): RecordedRoute | null {
  const bare = path.replace(/\/+$/, '');
  if (method === 'POST') {
    const creation = creations.find((route) => route.path === bare);
    return creation ? { type: 'creation', kind: creation.kind } : null;
  }
  if (method === 'GET') {
    for (const read of statusReads) {
      const match = read.pattern.exec(bare);
      if (match?.[1]) {
        try {
          return { type: 'status', kind: read.kind, id: decodeURIComponent(match[1]) };
        } catch {
          return null;
        }
      }
    }
  }
  return null;
}

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** What the history keeps of a creation that the service accepted. */
export interface CreationFacts {
  id: string;
  name: string;
  status: string;
  result: HistoryResult | null;
}

function outputsOf(data: Json): HistoryResult | null {
  const outputs = Array.isArray(data.outputs) ? (data.outputs as unknown[]) : [];
  const urls = outputs.flatMap((output) => {
    const url = text((output as Json | null)?.url);
    return url ? [url] : [];
  });
  const first = (outputs[0] ?? {}) as Json;
  if (urls.length === 0) return null;
  return {
    urls,
    file_ids: [],
    ...(text(first.content_type) && { content_type: text(first.content_type) }),
    ...(num(first.duration) !== undefined && { duration_s: num(first.duration) }),
  };
}

/** Name, id, status and result of an accepted creation, from its request and `data`. */
export function creationFacts(kind: HistoryKind, params: Json, data: Json): CreationFacts {
  const madeId = () => `${kind}_${randomUUID()}`;
  const words = (field: string) => firstWords(text(params[field]) ?? '');
  switch (kind) {
    case 'voice':
    case 'music_lora':
    case 'video_lora':
      return {
        id: text(data.task_id) ?? madeId(),
        name: text(data.name) ?? text(params.name) ?? '',
        status: text(data.status) ?? 'queued',
        result: null,
      };
    case 'image':
    case 'video':
      return {
        id: text(data.id) ?? text(data.task_id) ?? madeId(),
        name: words('prompt'),
        status: text(data.status) ?? 'completed',
        result: outputsOf(data),
      };
    case 'speech_async':
      return {
        id: text(data.task_id) ?? madeId(),
        name: words('text'),
        status: text(data.status) ?? 'processing',
        result: null,
      };
    case 'voice_extend': {
      const url = text(data.audio_url);
      return {
        id: madeId(),
        name: words('text'),
        status: 'completed',
        result: url
          ? {
              urls: [url],
              file_ids: [],
              ...(text(data.format) && { format: text(data.format) }),
              ...(num(data.sample_rate) !== undefined && { sample_rate: num(data.sample_rate) }),
              ...(num(data.duration_s) !== undefined && { duration_s: num(data.duration_s) }),
            }
          : null,
      };
    }
    case 'upload': {
      const fileId = text(data.file_id) ?? madeId();
      return {
        id: fileId,
        name: text(data.filename) ?? 'upload',
        status: 'completed',
        result: {
          urls: [],
          file_ids: [fileId],
          ...(num(data.size) !== undefined && { size: num(data.size) }),
        },
      };
    }
    case 'sandbox':
      return {
        id: text(data.sandbox_id) ?? madeId(),
        name: `${text(data.language) ?? text(params.language) ?? 'code'} sandbox`,
        status: text(data.status) ?? 'ready',
        result: null,
      };
    case 'speech':
      return { id: madeId(), name: words('text'), status: 'completed', result: null };
  }
}

/**
 * The creation's `data` as the history keeps it: without audio the service sent inline
 * (voice extend's `audio_b64`), which would ride in every list page and pushed change. The
 * result keeps its URL instead.
 */
export function keptLatest(kind: HistoryKind, data: Json): Json {
  if (kind !== 'voice_extend' || !('audio_b64' in data)) return data;
  const { audio_b64: _inline, ...rest } = data;
  return rest;
}

/** The display name of a creation the service refused, from its request alone. */
export function refusedName(kind: HistoryKind, params: Json): string {
  const field = text(params.name) ?? text(params.prompt) ?? text(params.text);
  return field ? firstWords(field) : kind;
}
