import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { findCatalogAsset, saveCatalogAsset } from '../db/catalog-assets-repo';
import type { MediaRecord } from '../db/media-repo';
import { encodeAudio } from '../media/audio-encode';
import { synthesizeSpeech, type SpeechVoice } from '../media/speech';
import { renderVideo } from '../media/video';
import type { EmulatorDeps } from '../route-module';

/**
 * Previews are MP3 at espeak's native 22050 Hz: every browser plays MP3, and a preview line
 * (~6-9 s) stays under 80 KB at the encoder's 64 kbps for that rate.
 */
export const previewAudioFormat = { format: 'mp3', sampleRate: 22050 } as const;
/** Small and short: a catalog card shows it muted in a thumbnail; ~250 ms to render. */
export const previewVideoSize = { width: 256, height: 144, fps: 12, durationS: 3 } as const;

export interface AudioPreviewSpec {
  kind: 'audio';
  speech: SpeechVoice;
  text: string;
  filename: string;
}
export interface VideoPreviewSpec {
  kind: 'video';
  prompt: string;
  filename: string;
}
export type PreviewSpec = AudioPreviewSpec | VideoPreviewSpec;

/** Everything that shapes the bytes, and nothing else (the filename is cosmetic). */
function assetKey(spec: PreviewSpec): string {
  const parts =
    spec.kind === 'audio'
      ? { v: 1, kind: spec.kind, speech: spec.speech, text: spec.text, ...previewAudioFormat }
      : { v: 1, kind: spec.kind, prompt: spec.prompt, ...previewVideoSize };
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

async function render(spec: PreviewSpec): Promise<Uint8Array> {
  if (spec.kind === 'video') {
    return renderVideo({ prompt: spec.prompt, tool: 'voice-preview', ...previewVideoSize });
  }
  const pcm = await synthesizeSpeech(spec.text, spec.speech);
  return (await encodeAudio(pcm, previewAudioFormat)).bytes;
}

// Process-wide memo of rendered bytes by key: equal keys always give equal bytes, so another
// emulator in this process (tests, a reopened data dir) stores them without rendering again.
// Bounded: only the catalog's own previews are expected here, a few hundred at most.
const renderedBytes = new Map<string, Promise<Uint8Array>>();
const MAX_MEMO = 512;

function renderOnce(key: string, spec: PreviewSpec): Promise<Uint8Array> {
  let bytes = renderedBytes.get(key);
  if (!bytes) {
    if (renderedBytes.size >= MAX_MEMO) renderedBytes.clear();
    bytes = render(spec);
    renderedBytes.set(key, bytes);
    bytes.catch(() => renderedBytes.delete(key));
  }
  return bytes;
}

export type PreviewAssets = (spec: PreviewSpec) => Promise<MediaRecord>;

/**
 * The stored media for a preview: the one recorded under its key in catalog_assets when its
 * bytes are still on disk, else rendered, stored and recorded now.
 */
export function createPreviewAssets(
  deps: Pick<EmulatorDeps, 'db' | 'mediaStore' | 'now'>,
): PreviewAssets {
  const { db, mediaStore, now } = deps;
  const inFlight = new Map<string, Promise<MediaRecord>>();

  async function produce(key: string, spec: PreviewSpec): Promise<MediaRecord> {
    const known = findCatalogAsset(db, key);
    const record = known ? mediaStore.get(known) : null;
    if (record && existsSync(mediaStore.pathOf(record))) return record;
    const bytes = await renderOnce(key, spec);
    const contentType = spec.kind === 'audio' ? 'audio/mpeg' : 'video/mp4';
    const stored = await mediaStore.put({ bytes, contentType, filename: spec.filename });
    saveCatalogAsset(db, key, stored.id, now().toISOString());
    return stored;
  }

  return (spec) => {
    const key = assetKey(spec);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = produce(key, spec).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
