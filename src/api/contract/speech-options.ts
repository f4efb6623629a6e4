// No zod here: the speech and extend forms draw their choices and limits from these at once;
// the schemas that check them (speech.ts, voices.ts) load when a form first validates.
export const speechFormats = ['mp3', 'wav', 'ogg'] as const;

/**
 * 8 kHz (telephone) to 48 kHz (studio) covers every rate audio codecs commonly use; the spec
 * gives only the 44100 default, and an unbounded integer would let 1 Hz reach the service.
 */
export const sampleRateBounds = { min: 8000, max: 48000, default: 44100 } as const;

export const speedBounds = { min: 0.5, max: 2, default: 1 } as const;

export const voiceExtendFormats = ['wav', 'mp3'] as const;
