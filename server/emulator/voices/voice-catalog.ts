import { defaultVoiceId, voiceSeeds } from '../catalog/voice-seed';
import type { EmulatorEnv } from '../env';
import { celebritySeeds } from './celebrity-seeds';
import { padCatalog } from './padded-voices';
import { profileOfSeed, type VoiceProfile } from './voice-profile';

/** The built-in voices (generic, padded, celebrity when enabled): fixed for a process's env. */
export interface VoiceCatalog {
  generic: readonly VoiceProfile[];
  /** Empty unless EMULATOR_CELEBRITY=1. */
  celebrity: readonly VoiceProfile[];
  defaultVoice: VoiceProfile;
  /** Generic or (when enabled) celebrity voice by id. */
  find(voiceId: string): VoiceProfile | undefined;
}

// Padding 10,000 voices takes ~20 ms: build each size once per process, not per emulator.
const genericBySize = new Map<number, VoiceProfile[]>();

function genericVoices(total: number | undefined): VoiceProfile[] {
  const size = Math.max(total ?? 0, voiceSeeds.length);
  let voices = genericBySize.get(size);
  if (!voices) {
    const seeds = voiceSeeds.map((seed) => profileOfSeed(seed, 'generic', defaultVoiceId));
    voices = padCatalog(seeds, size);
    genericBySize.set(size, voices);
  }
  return voices;
}

export function createVoiceCatalog(
  env: Pick<EmulatorEnv, 'EMULATOR_VOICES' | 'EMULATOR_CELEBRITY'>,
): VoiceCatalog {
  const generic = genericVoices(env.EMULATOR_VOICES);
  const celebrity = env.EMULATOR_CELEBRITY
    ? celebritySeeds.map((seed) => profileOfSeed(seed, 'celebrity', null))
    : [];
  const byId = new Map<string, VoiceProfile>();
  for (const voice of [...generic, ...celebrity]) byId.set(voice.voice_id, voice);
  const defaultVoice = byId.get(defaultVoiceId);
  if (!defaultVoice) throw new Error(`The default voice ${defaultVoiceId} is not in the catalog.`);
  return { generic, celebrity, defaultVoice, find: (voiceId) => byId.get(voiceId) };
}
