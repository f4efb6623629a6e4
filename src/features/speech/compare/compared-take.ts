import type { SpeechTake } from '../speech-take';

/** A take as the compare shows it. */
export interface ComparedTake {
  id: string;
  /** Names the take to a screen reader, e.g. "“The quick brown fox…” by Marcus". */
  label: string;
  /** The voice's catalog name, or "Voice extend". */
  voice: string;
  excerpt: string;
  audio: Blob | string;
}

/** "The quick brown fox…": one line of the text, whitespace flattened. */
export function excerpt(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The voice a take names: its catalog name, its id, or the service's default. */
export function takeVoice(take: SpeechTake, voiceName: string | undefined): string {
  return voiceName ?? (take.voiceId || 'Default voice');
}

/** How a take is named in its row's controls: “text…” by voice, or Continuation “text…”. */
export function takeLabel(take: SpeechTake, voiceName: string | undefined): string {
  const short = excerpt(take.text, 40);
  return take.kind === 'extend'
    ? `Continuation “${short}”`
    : `“${short}” by ${takeVoice(take, voiceName)}`;
}

/** A take that can be compared (it has its audio), or null. */
export function comparedTake(take: SpeechTake, voiceName: string | undefined): ComparedTake | null {
  if (take.status !== 'completed' || take.audio === null) return null;
  return {
    id: take.id,
    label: takeLabel(take, voiceName),
    voice: take.kind === 'extend' ? 'Voice extend' : takeVoice(take, voiceName),
    excerpt: excerpt(take.text, 120),
    audio: take.audio,
  };
}
