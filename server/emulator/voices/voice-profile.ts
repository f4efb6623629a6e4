import type { SpeechVoice } from '../media/speech';
import type { VoiceSeed } from '../catalog/voice-seed';

export type CatalogScope = 'generic' | 'celebrity';

/**
 * A catalog voice as the emulator knows it: what the list shows, how synthesis speaks it, and
 * which voice's preview it plays (padded voices share the preview of the seed they copy).
 */
export interface VoiceProfile {
  voice_id: string;
  name: string;
  description: string;
  gender: string;
  language: string;
  tags: string[];
  is_default: boolean;
  is_precompiled: boolean;
  /** The catalog's own count; each key's uses are added on top (voice_usage). */
  seedUsage: number;
  scope: CatalogScope;
  speech: SpeechVoice;
  /** The voice whose rendered preview this one uses: itself, or the seed a padded voice copies. */
  previewOf: string;
  hasVideo: boolean;
}

export function speechOfSeed(seed: Pick<VoiceSeed, 'espeak'>): SpeechVoice {
  const { voice, variant, pitch, wordsPerMinute } = seed.espeak;
  return { espeakVoice: `${voice}+${variant}`, pitch, wordsPerMinute };
}

export function profileOfSeed(
  seed: VoiceSeed,
  scope: CatalogScope,
  defaultVoiceId: string | null,
): VoiceProfile {
  return {
    voice_id: seed.voice_id,
    name: seed.name,
    description: seed.description,
    gender: seed.gender,
    language: seed.language,
    tags: scope === 'celebrity' ? [...new Set(['celebrity', ...seed.tags])] : seed.tags,
    is_default: seed.voice_id === defaultVoiceId,
    is_precompiled: seed.is_precompiled,
    seedUsage: seed.usage_count,
    scope,
    speech: speechOfSeed(seed),
    previewOf: seed.voice_id,
    hasVideo: seed.has_video === true,
  };
}
