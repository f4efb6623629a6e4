/** The two takes being compared, in the order they were chosen. */
export type Side = 'A' | 'B';

export const sides: readonly Side[] = ['A', 'B'];

export function otherSide(side: Side): Side {
  return side === 'A' ? 'B' : 'A';
}

/**
 * Ticks or unticks a take for the compare. At most two are chosen: ticking a third replaces
 * the oldest choice rather than refusing, so "compare the newest against that one" is one
 * click and no checkbox is ever disabled without saying why. The older choice is take A.
 */
export function toggleCompareChoice(chosen: readonly string[], id: string): string[] {
  if (chosen.includes(id)) return chosen.filter((other) => other !== id);
  return [...chosen, id].slice(-2);
}

/** Gain in dB for each take. */
export interface TakeGains {
  A: number;
  B: number;
}

/**
 * The gains that make both takes equally loud: the louder one is cut to the quieter one's
 * integrated loudness, the quieter one plays as it is. Cutting, never boosting, cannot clip,
 * and it is all an <audio> element's volume can do. Null when either loudness is unknown or
 * a take is silent (-Infinity LUFS): there is nothing to match to.
 */
export function matchingGains(loudnessA: number, loudnessB: number): TakeGains | null {
  if (!Number.isFinite(loudnessA) || !Number.isFinite(loudnessB)) return null;
  const quieter = Math.min(loudnessA, loudnessB);
  // Rounded to the tenth of a dB shown, so what is said is what is applied.
  const cut = (loudness: number) => Math.round((quieter - loudness) * 10) / 10 || 0;
  return { A: cut(loudnessA), B: cut(loudnessB) };
}

/** An element volume (0..1) for a gain in dB; a boost cannot be applied and plays at full volume. */
export function volumeForGain(gainDb: number): number {
  return Math.min(1, Math.max(0, 10 ** (gainDb / 20)));
}

/** "−1.8 dB", "0.0 dB", "+1.8 dB" (a real minus sign, as screen readers say "minus"). */
export function formatGain(gainDb: number): string {
  const magnitude = Math.abs(gainDb).toFixed(1);
  if (magnitude === '0.0') return '0.0 dB';
  return `${gainDb < 0 ? '\u2212' : '+'}${magnitude} dB`;
}

/** "A −1.8 dB · B 0.0 dB". */
export function gainsText(gains: TakeGains): string {
  return `A ${formatGain(gains.A)} · B ${formatGain(gains.B)}`;
}

/** "−16.2 LUFS", or "silent" for a take the loudness gates found nothing in. */
export function formatLoudness(lufs: number): string {
  if (!Number.isFinite(lufs)) return 'silent';
  return `${lufs < 0 ? '\u2212' : ''}${Math.abs(lufs).toFixed(1)} LUFS`;
}

/**
 * Where the other take starts when switching: the same position, or its end when it is
 * shorter (it then has nothing more to play there). An unknown length keeps the position.
 */
export function switchPosition(time: number, otherDuration: number): number {
  const position = Math.max(0, time);
  return otherDuration > 0 ? Math.min(position, otherDuration) : position;
}

/** The shared timeline is as long as the longer take. */
export function sharedDuration(durations: Record<Side, number>): number {
  return Math.max(durations.A, durations.B, 0);
}

/** X switches takes, unless the key is typed into a text field. */
export function isSwitchKey(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}): boolean {
  if (event.key !== 'x' && event.key !== 'X') return false;
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return !isTextEntry(event.target);
}

const nonTextInputs = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range']);

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !nonTextInputs.has(target.type);
}
