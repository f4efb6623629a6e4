import { safeHttpUrl } from '../../lib/safe-url';

export type MediaKind = 'image' | 'video' | 'audio' | 'other';

export interface MediaItem {
  /** Absolute http(s) URL, checked by safeHttpUrl. */
  url: string;
  kind: MediaKind;
  contentType?: string;
  width?: number;
  height?: number;
  durationS?: number;
  /** Where the URL was found in the data, e.g. 'outputs[0].url'. */
  path: string;
}

export interface ExtractedMedia {
  media: MediaItem[];
  /** The data without the URLs in `media`; undefined when nothing else remains. */
  rest: unknown;
}

// The service does not document the shape of `data`, so every URL anywhere in it may be an
// output. The limits keep a strange or hostile answer from freezing the page.
const maxMediaDepth = 8;
const maxCopyDepth = 64;
const maxMedia = 100;

const mimeKeys = new Set(['content_type', 'contentType', 'mime_type', 'mimeType', 'type', 'kind']);
const widthKeys = ['width'];
const heightKeys = ['height'];
const durationKeys = ['duration', 'duration_s', 'durationS', 'duration_seconds'];
const textKeys = new Set(['prompt', 'negative_prompt']);

const extensionKinds: Record<string, MediaKind> = {};
for (const ext of ['png', 'jpg', 'jpeg', 'webp', 'gif', 'avif']) extensionKinds[ext] = 'image';
for (const ext of ['mp4', 'webm', 'mov', 'm4v']) extensionKinds[ext] = 'video';
for (const ext of ['mp3', 'wav', 'ogg', 'm4a', 'flac', 'aac', 'opus'])
  extensionKinds[ext] = 'audio';

const keyWordKinds: Record<string, MediaKind> = {};
for (const word of ['image', 'images', 'img', 'thumbnail', 'thumbnails', 'thumb', 'poster'])
  keyWordKinds[word] = 'image';
for (const word of ['video', 'videos', 'clip', 'clips']) keyWordKinds[word] = 'video';
for (const word of ['audio', 'audios', 'sound', 'music', 'speech']) keyWordKinds[word] = 'audio';

const mimePattern = /^([a-z]+)\/[\w.+-]+/i;
/** Whole-string URLs only: a sentence that mentions a URL is text. */
const candidatePattern = /^(https?:\/\/|\/)\S*$/i;
const removed = Symbol('removed');

/** Where the walk is: what a URL found here would be told about itself. */
interface Place {
  path: string;
  depth: number;
  /** False under a prompt and past the depth limit: strings there stay text. */
  collect: boolean;
  /** The kind the nearest telling key names ('images', 'video_url'), if any. */
  hint: MediaKind | undefined;
  /** The object holding the value: its content_type, width and the like describe it. */
  siblings: Record<string, unknown>;
}

/**
 * Finds every media URL in a generation's `data` (shape unknown) and what is left besides.
 * Relative URLs resolve against `base` (the page's origin by default). The gateway drawing a
 * page (server/live-pages) has no origin: there only absolute URLs are media, the app finds the
 * rest when it takes the page over.
 */
export function extractMedia(
  data: unknown,
  base: string | undefined = globalThis.location?.origin,
): ExtractedMedia {
  const found = new Map<string, MediaItem>();
  const ancestors = new Set<object>();

  function record(url: string, at: Place) {
    const next = describe(url, at.path, at.siblings, at.hint);
    const seen = found.get(url);
    if (!seen) {
      found.set(url, next);
      return;
    }
    // Seen before: keep the first path, learn what this occurrence adds.
    if (seen.kind === 'other') seen.kind = next.kind;
    seen.contentType ??= next.contentType;
    seen.width ??= next.width;
    seen.height ??= next.height;
    seen.durationS ??= next.durationS;
  }

  /** A copy of `value` without media URLs, or `removed` when nothing but media was there. */
  function walk(value: unknown, at: Place): unknown {
    if (typeof value === 'string') {
      const url =
        at.collect && candidatePattern.test(value.trim()) ? safeHttpUrl(value.trim(), base) : null;
      if (!url || (found.size >= maxMedia && !found.has(url))) return value;
      record(url, at);
      return removed;
    }
    if (typeof value === 'bigint') return value.toString(); // JSON.stringify throws on bigint
    if (!isContainer(value)) return value;
    if (ancestors.has(value)) return '[circular]';
    if (at.depth >= maxCopyDepth) return '[nested too deeply]';

    const inner = { depth: at.depth + 1, collect: at.collect && at.depth < maxMediaDepth };
    ancestors.add(value);
    try {
      if (Array.isArray(value)) {
        const kept = [];
        for (const [i, item] of value.entries()) {
          const copy = walk(item, { ...at, ...inner, path: `${at.path}[${i}]`, siblings: {} });
          if (copy !== removed) kept.push(copy);
        }
        return kept.length === 0 && value.length > 0 ? removed : kept;
      }
      const kept: Record<string, unknown> = {};
      let lostSome = false;
      for (const [key, item] of Object.entries(value)) {
        const copy = walk(item, {
          ...inner,
          path: joinPath(at.path, key),
          hint: hintFromKey(key) ?? at.hint,
          siblings: value,
          // Text the user wrote: a URL in it is not an output.
          collect: inner.collect && !textKeys.has(key),
        });
        if (copy === removed) lostSome = true;
        else kept[key] = copy;
      }
      // An output object that held only a URL and facts about it is shown in full as media.
      const onlyFacts = Object.entries(kept).every(([k, v]) => isMediaFact(k, v));
      return lostSome && onlyFacts ? removed : kept;
    } finally {
      ancestors.delete(value);
    }
  }

  const rest = walk(data, { path: '', depth: 0, collect: true, hint: undefined, siblings: {} });
  return { media: [...found.values()], rest: rest === removed ? undefined : rest };
}

function describe(
  url: string,
  path: string,
  siblings: Record<string, unknown>,
  hint: MediaKind | undefined,
): MediaItem {
  const item: MediaItem = { url, kind: 'other', path };
  let siblingKind: MediaKind | undefined;
  for (const [k, v] of Object.entries(siblings)) {
    if (!mimeKeys.has(k) || typeof v !== 'string') continue;
    const mime = mimePattern.exec(v.trim());
    if (mime) item.contentType ??= v.trim();
    siblingKind ??= mediaWord(mime ? mime[1] : v);
  }
  item.width = firstNumber(siblings, widthKeys);
  item.height = firstNumber(siblings, heightKeys);
  item.durationS = firstNumber(siblings, durationKeys);
  // A MIME type like application/octet-stream says nothing, so the extension gets its turn.
  item.kind = siblingKind ?? extensionKind(url) ?? hint ?? 'other';
  for (const field of ['width', 'height', 'durationS', 'contentType'] as const) {
    if (item[field] === undefined) delete item[field];
  }
  return item;
}

function mediaWord(word: string | undefined): MediaKind | undefined {
  const lower = word?.trim().toLowerCase();
  return lower === 'image' || lower === 'video' || lower === 'audio' ? lower : undefined;
}

function extensionKind(url: string): MediaKind | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1];
  return ext ? extensionKinds[ext.toLowerCase()] : undefined;
}

/** 'image_url', 'videoUrl', 'thumbnail', 'images' name their kind; 'url', 'href' do not. */
function hintFromKey(key: string): MediaKind | undefined {
  const words = key.split(/[^a-zA-Z0-9]+|(?<=[a-z0-9])(?=[A-Z])/);
  for (const word of words) {
    const kind = keyWordKinds[word.toLowerCase()];
    if (kind) return kind;
  }
  return undefined;
}

function isMediaFact(key: string, value: unknown): boolean {
  if (mimeKeys.has(key)) return typeof value === 'string' && describesMedia(value);
  const numeric = [...widthKeys, ...heightKeys, ...durationKeys].includes(key);
  return numeric && typeof value === 'number';
}

function describesMedia(value: string): boolean {
  return mimePattern.test(value.trim()) || mediaWord(value) !== undefined;
}

function firstNumber(siblings: Record<string, unknown>, keys: string[]): number | undefined {
  for (const key of keys) {
    const value = siblings[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  }
  return undefined;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function joinPath(path: string, key: string): string {
  const part = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `[${JSON.stringify(key)}]`;
  if (part.startsWith('[')) return `${path}${part}`;
  return path ? `${path}.${part}` : part;
}
