import { voiceSchema, type Voice } from '../../../src/api/contract/voices';
import { listCustomVoices, toCustomVoice } from '../db/custom-voices-repo';
import type { MediaRecord } from '../db/media-repo';
import type { Principal } from '../principal';
import type { EmulatorDeps } from '../route-module';
import { mediaCid } from './catalog-json';
import { previewLine } from './catalog-previews';
import { speechOfCustomVoice } from './custom-voice-speech';
import type { PreviewAssets } from './preview-assets';

/** Every runtime-created voice carries this tag, beside any of its own (e.g. `designed`). */
export const customVoiceTag = 'custom';

/**
 * The principal's custom voices as catalog entries (scope `custom`). A voice stored without a
 * preview gets one rendered in its own voice (once: catalog_assets remembers it).
 */
export async function customVoiceEntries(
  deps: Pick<EmulatorDeps, 'db' | 'mediaStore'>,
  assets: PreviewAssets,
  principal: Principal,
  options: { origin: string; language?: string | undefined; usage: ReadonlyMap<string, number> },
): Promise<Voice[]> {
  const { db, mediaStore } = deps;
  const records = listCustomVoices(db, principal).filter(
    (record) => options.language === undefined || record.language === options.language,
  );
  const voices: Voice[] = [];
  for (const record of records) {
    const stored = record.preview_media_id ? mediaStore.get(record.preview_media_id) : null;
    const preview: MediaRecord =
      stored ??
      (await assets({
        kind: 'audio',
        speech: speechOfCustomVoice(record),
        text: previewLine(record.language),
        filename: `${record.voice_id}-preview.mp3`,
      }));
    const url = mediaStore.urlFor(preview.id, options.origin, preview.filename ?? undefined);
    const tags = [customVoiceTag];
    const voice = toCustomVoice(
      record,
      { url, cid: mediaCid(preview) },
      options.usage.get(record.voice_id) ?? 0,
      tags,
    );
    voices.push(voiceSchema.parse(voice));
  }
  return voices;
}
