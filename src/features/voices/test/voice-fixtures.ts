import type { Voice } from '../../../api/contract/voices';

/** A catalog entry with sensible defaults; tests override what they are about. */
export function makeVoice(overrides: Partial<Voice> = {}): Voice {
  const id = overrides.voice_id ?? 'en_test';
  return {
    voice_id: id,
    name: 'Test Voice',
    description: 'A voice for tests.',
    gender: 'female',
    language: 'en',
    audio_url: `https://media.example.com/${id}.mp3`,
    audio_cid: `sha256:${id}`,
    video_url: null,
    video_cid: null,
    tags: [],
    is_default: false,
    is_precompiled: false,
    usage_count: 0,
    ...overrides,
  };
}
