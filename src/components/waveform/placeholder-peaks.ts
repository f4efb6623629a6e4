/**
 * Bar heights between 0.15 and 1 derived from a seed (the player's label), so a card shows
 * the same believable waveform on every render without downloading anything.
 */
export function placeholderPeaks(seed: string, count: number): number[] {
  let state = hashString(seed);
  const next = () => {
    // mulberry32: tiny and good enough for decoration.
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const raw = Array.from({ length: count }, next);
  // Averaging neighbours gives the rise and fall of speech instead of white noise.
  return raw.map((value, i) => {
    const smooth = (value + (raw[i - 1] ?? value) + (raw[i + 1] ?? value)) / 3;
    return 0.15 + 0.85 * smooth;
  });
}

/** FNV-1a, 32-bit. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
