import { createHash } from 'node:crypto';

export type Rgb = readonly [r: number, g: number, b: number];

/**
 * A deterministic random source for the given inputs: sha256 of the parts seeds an sfc32
 * generator, so equal inputs give equal pictures on every machine and Node version.
 */
export function seededRandom(...parts: ReadonlyArray<string | number>): () => number {
  const hash = createHash('sha256');
  // Length-prefixed so ('ab', 'c') and ('a', 'bc') differ.
  for (const part of parts) hash.update(`${String(part).length}:${String(part)};`);
  const digest = hash.digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export function between(random: () => number, min: number, max: number): number {
  return min + random() * (max - min);
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}

/** hue in turns (0..1), saturation and lightness in 0..1. */
export function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const channel = (n: number) => {
    const k = (((n + hue * 12) % 12) + 12) % 12;
    const a = saturation * Math.min(lightness, 1 - lightness);
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255);
  };
  return [channel(0), channel(8), channel(4)];
}

export interface Palette {
  /** Two ends of the background gradient. */
  background: readonly [Rgb, Rgb];
  accents: readonly Rgb[];
}

// Hue offsets (in turns) of classic colour schemes.
const SCHEMES = {
  analogous: [0, 0.08, -0.08, 0.16],
  complementary: [0, 0.5, 0.05, 0.55],
  triadic: [0, 1 / 3, 2 / 3, 0.1],
  split: [0, 0.42, 0.58, 0.04],
} as const;
export type Scheme = keyof typeof SCHEMES;
export const SCHEME_NAMES = Object.keys(SCHEMES) as Scheme[];

export function makePalette(random: () => number, scheme: Scheme, dark: boolean): Palette {
  const base = random();
  const offsets = SCHEMES[scheme];
  const light = dark ? [0.1, 0.22] : [0.72, 0.9];
  const background = [
    hsl(base, between(random, 0.3, 0.7), light[0] ?? 0.5),
    hsl(base + (offsets[1] ?? 0) / 2, between(random, 0.3, 0.7), light[1] ?? 0.5),
  ] as const;
  const accents = offsets.map((offset) =>
    hsl(
      base + offset + between(random, -0.03, 0.03),
      between(random, 0.55, 0.95),
      between(random, 0.4, 0.65),
    ),
  );
  return { background, accents };
}
