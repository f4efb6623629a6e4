import type { VoiceSeed } from '../catalog/voice-seed';

/**
 * Curated "celebrity-style" reference voices, listed only when EMULATOR_CELEBRITY=1 (the spec:
 * "curated references, when available to the account"). Every person here is invented: the
 * emulator imitates no real voice, it only shows what such catalog entries look like.
 */
export const celebritySeeds: VoiceSeed[] = [
  {
    voice_id: 'celeb_rex_thunder',
    name: 'Rex Thunder',
    description:
      'Booming movie-trailer announcer in the style of classic blockbusters (fictional).',
    gender: 'male',
    language: 'en',
    tags: ['trailer', 'deep', 'announcer'],
    espeak: { voice: 'en-us', variant: 'm3', pitch: 18, wordsPerMinute: 135 },
    usage_count: 24410,
    is_precompiled: true,
    has_video: true,
  },
  {
    voice_id: 'celeb_vivian_sterling',
    name: 'Vivian Sterling',
    description: 'Velvet-voiced screen legend for period drama narration (fictional).',
    gender: 'female',
    language: 'en',
    tags: ['film', 'narration', 'british'],
    espeak: { voice: 'en-gb', variant: 'f2', pitch: 44, wordsPerMinute: 140 },
    usage_count: 15230,
    is_precompiled: true,
  },
  {
    voice_id: 'celeb_amelie_rousseau',
    name: 'Amélie Rousseau',
    description: 'Chanteuse parisienne au timbre feutré, pour la publicité de luxe (fictive).',
    gender: 'female',
    language: 'fr',
    tags: ['luxury', 'ads', 'paris'],
    espeak: { voice: 'fr', variant: 'f4', pitch: 52, wordsPerMinute: 150 },
    usage_count: 8120,
    is_precompiled: true,
  },
  {
    voice_id: 'celeb_diego_montoya',
    name: 'Diego Montoya',
    description: 'Comentarista deportivo con energía de estadio (ficticio).',
    gender: 'male',
    language: 'es',
    tags: ['sports', 'energetic', 'latam'],
    espeak: { voice: 'es-419', variant: 'm7', pitch: 40, wordsPerMinute: 195 },
    usage_count: 6930,
    is_precompiled: true,
  },
  {
    voice_id: 'celeb_kenji_arata',
    name: 'Kenji Arata',
    description: '落ち着いた名優風のナレーション（架空の人物）。',
    gender: 'male',
    language: 'ja',
    tags: ['film', 'narration', 'calm'],
    espeak: { voice: 'ja', variant: 'm1', pitch: 32, wordsPerMinute: 145 },
    usage_count: 5410,
    is_precompiled: true,
  },
];
