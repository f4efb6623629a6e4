import { findCustomVoice } from '../db/custom-voices-repo';
import type { EmulatorDb } from '../db/database';
import { invalidRequest } from '../http/errors';
import type { SpeechVoice } from '../media/speech';
import type { Principal } from '../principal';
import { speechOfCustomVoice } from '../voices/custom-voice-speech';
import type { VoiceCatalog } from '../voices/voice-catalog';

/** The voice id the contract defaults to: always the catalog's is_default voice. */
export const defaultVoiceAlias = 'default';

export interface ResolvedVoice {
  /** The id usage is counted under (`default` counts for the default voice's own id). */
  voiceId: string;
  speech: SpeechVoice;
}

/**
 * `default` → the catalog's default voice; else this key and stack's custom voice of that
 * name (a trained voice wins over a built-in one it shadows: its owner chose the name); else a
 * generic, padded or (when enabled) celebrity voice. Null when none has that id.
 */
export function findSpeechVoice(
  db: EmulatorDb,
  catalog: VoiceCatalog,
  voiceId: string,
  principal: Principal,
): ResolvedVoice | null {
  if (voiceId === defaultVoiceAlias) {
    return { voiceId: catalog.defaultVoice.voice_id, speech: catalog.defaultVoice.speech };
  }
  const custom = findCustomVoice(db, voiceId, principal);
  if (custom) return { voiceId: custom.voice_id, speech: speechOfCustomVoice(custom) };
  const builtIn = catalog.find(voiceId);
  return builtIn ? { voiceId: builtIn.voice_id, speech: builtIn.speech } : null;
}

export const unknownVoice = (voiceId: string) =>
  invalidRequest(
    `voice_id: no voice named ${JSON.stringify(voiceId)} in the catalog or among the custom ` +
      'voices of this key and stack (see GET /v1/voice/list)',
  );

/** findSpeechVoice, or a 400 invalid_request naming voice_id. */
export function resolveSpeechVoice(
  db: EmulatorDb,
  catalog: VoiceCatalog,
  voiceId: string,
  principal: Principal,
): ResolvedVoice {
  const voice = findSpeechVoice(db, catalog, voiceId, principal);
  if (!voice) throw unknownVoice(voiceId);
  return voice;
}
