import {
  between,
  makePalette,
  pick,
  SCHEME_NAMES,
  seededRandom,
  type Palette,
  type Rgb,
} from './palette';

export interface SceneInput {
  prompt: string;
  tool: string;
  seed?: number;
}

type ShapeKind = 'circle' | 'ring' | 'panel' | 'band';

export interface Shape {
  kind: ShapeKind;
  color: Rgb;
  alpha: number;
  /** Centre, as fractions of width and height. */
  x: number;
  y: number;
  /** Radius or half-size, as a fraction of the shorter side. */
  size: number;
  /** Panels: width / height. Bands: wave amplitude as a fraction of height. */
  aspect: number;
  /** Motion in video: an elliptic orbit of this radius, one turn per `period` seconds. */
  orbit: number;
  period: number;
  phase: number;
}

export interface Scene {
  palette: Palette;
  /** Direction of the background gradient, radians. */
  angle: number;
  shapes: Shape[];
}

// A tool fixes the style (colour scheme, light or dark, which shapes, how many) so two
// tools given the same prompt still look unlike each other; the prompt and seed pick the rest.
function styleOf(tool: string) {
  const random = seededRandom('style', tool);
  const kinds: ShapeKind[] = ['circle', 'ring', 'panel', 'band'];
  return {
    scheme: pick(random, SCHEME_NAMES),
    dark: random() < 0.5,
    kinds: kinds.filter(() => random() < 0.6).concat(pick(random, kinds)),
    count: 3 + Math.floor(random() * 5),
  };
}

export function composeScene({ prompt, tool, seed }: SceneInput): Scene {
  const style = styleOf(tool);
  const random = seededRandom('scene', tool, prompt, seed ?? 'no-seed');
  const palette = makePalette(random, style.scheme, style.dark);
  const shapes = Array.from({ length: style.count }, (): Shape => {
    const kind = pick(random, style.kinds);
    return {
      kind,
      color: pick(random, palette.accents),
      alpha: between(random, 0.45, 0.9),
      x: between(random, 0.1, 0.9),
      y: kind === 'band' ? between(random, 0.2, 0.8) : between(random, 0.15, 0.85),
      size: kind === 'band' ? between(random, 0.02, 0.08) : between(random, 0.08, 0.3),
      aspect: kind === 'band' ? between(random, 0.02, 0.12) : between(random, 0.5, 2),
      orbit: between(random, 0.03, 0.15),
      period: between(random, 2, 6),
      phase: random() * Math.PI * 2,
    };
  });
  return { palette, angle: random() * Math.PI * 2, shapes };
}
