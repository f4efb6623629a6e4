import type { Rgb } from './palette';
import type { Scene, Shape } from './scene';

/**
 * 8-bit pixels, row-major, RGB or RGBA (alpha always opaque). Clamped so that blending and
 * grain saturate instead of wrapping around.
 */
export interface Raster {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8ClampedArray;
}

export function createRaster(width: number, height: number, channels: 3 | 4): Raster {
  return { width, height, channels, data: new Uint8ClampedArray(width * height * channels) };
}

const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);

function blend(raster: Raster, x: number, y: number, color: Rgb, alpha: number): void {
  if (alpha <= 0) return;
  const index = (y * raster.width + x) * raster.channels;
  const { data } = raster;
  data[index] = data[index]! + (color[0] - data[index]!) * alpha;
  data[index + 1] = data[index + 1]! + (color[1] - data[index + 1]!) * alpha;
  data[index + 2] = data[index + 2]! + (color[2] - data[index + 2]!) * alpha;
}

function drawBackground(scene: Scene, raster: Raster, timeS: number): void {
  const { width, height, channels, data } = raster;
  const [from, to] = scene.palette.background;
  const angle = scene.angle + timeS * 0.1; // a slow turn in video
  const span = Math.abs(Math.cos(angle)) + Math.abs(Math.sin(angle)); // ends at the corners
  const cos = Math.cos(angle) / span;
  const sin = Math.sin(angle) / span;
  // Gradient position and vignette are sums of a column term and a row term: tabulate the
  // column terms once (this runs for every frame of a video).
  const columnGradient = new Float32Array(width);
  const columnVignette = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const u = (x + 0.5) / width - 0.5;
    columnGradient[x] = 0.5 + u * cos;
    columnVignette[x] = 0.5 * u * u;
  }
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height - 0.5;
    const rowGradient = v * sin;
    const rowVignette = 1 - 0.5 * v * v;
    let index = y * width * channels;
    for (let x = 0; x < width; x++, index += channels) {
      const t = clamp01(columnGradient[x]! + rowGradient);
      const vignette = rowVignette - columnVignette[x]!;
      data[index] = (from[0] + (to[0] - from[0]) * t) * vignette;
      data[index + 1] = (from[1] + (to[1] - from[1]) * t) * vignette;
      data[index + 2] = (from[2] + (to[2] - from[2]) * t) * vignette;
      if (channels === 4) data[index + 3] = 255;
    }
  }
}

function drawShape(shape: Shape, raster: Raster, timeS: number): void {
  const { width, height } = raster;
  const side = Math.min(width, height);
  const turn = (2 * Math.PI * timeS) / shape.period + shape.phase;
  if (shape.kind === 'band') {
    const centre = shape.y * height;
    const amplitude = shape.aspect * height;
    const half = shape.size * height;
    const cycles = 0.5 + shape.orbit * 20;
    for (let x = 0; x < width; x++) {
      const middle = centre + amplitude * Math.sin((2 * Math.PI * cycles * x) / width + turn);
      const top = Math.max(0, Math.floor(middle - half - 1));
      const bottom = Math.min(height - 1, Math.ceil(middle + half + 1));
      for (let y = top; y <= bottom; y++) {
        blend(raster, x, y, shape.color, shape.alpha * clamp01(half - Math.abs(y - middle) + 0.5));
      }
    }
    return;
  }
  // Shapes orbit around their place, starting there at time 0 (a still image, a first frame).
  const orbit = shape.orbit * side;
  const cx = shape.x * width + orbit * (Math.sin(turn) - Math.sin(shape.phase));
  const cy = shape.y * height + orbit * (Math.cos(turn) - Math.cos(shape.phase));
  const radius = shape.size * side;
  const halfWidth = shape.kind === 'panel' ? radius * Math.sqrt(shape.aspect) : radius;
  const halfHeight = shape.kind === 'panel' ? radius / Math.sqrt(shape.aspect) : radius;
  const left = Math.max(0, Math.floor(cx - halfWidth - 1));
  const right = Math.min(width - 1, Math.ceil(cx + halfWidth + 1));
  const top = Math.max(0, Math.floor(cy - halfHeight - 1));
  const bottom = Math.min(height - 1, Math.ceil(cy + halfHeight + 1));
  for (let y = top; y <= bottom; y++) {
    const dy = y + 0.5 - cy;
    for (let x = left; x <= right; x++) {
      const dx = x + 0.5 - cx;
      let coverage: number;
      if (shape.kind === 'panel') {
        coverage = Math.min(halfWidth - Math.abs(dx), halfHeight - Math.abs(dy)) + 0.5;
      } else {
        const distance = Math.sqrt(dx * dx + dy * dy);
        coverage = radius - distance + 0.5;
        if (shape.kind === 'ring') coverage = Math.min(coverage, distance - radius * 0.6 + 0.5);
      }
      blend(raster, x, y, shape.color, shape.alpha * clamp01(coverage));
    }
  }
}

/** Film grain: the same small brightness offset on each channel of a pixel. */
function addGrain(raster: Raster, amount: number, seed: number): void {
  const { data, channels } = raster;
  const pixels = raster.width * raster.height;
  for (let pixel = 0; pixel < pixels; pixel++) {
    let hash = Math.imul(pixel ^ seed, 0x9e3779b1);
    hash ^= hash >>> 15;
    hash = Math.imul(hash, 0x2c1b3c6d);
    hash ^= hash >>> 12;
    const offset = ((hash & 255) / 255 - 0.5) * 2 * amount;
    const index = pixel * channels;
    data[index] = data[index]! + offset;
    data[index + 1] = data[index + 1]! + offset;
    data[index + 2] = data[index + 2]! + offset;
  }
}

export function drawScene(
  scene: Scene,
  raster: Raster,
  options: { timeS?: number; grain?: number; grainSeed?: number } = {},
): void {
  const timeS = options.timeS ?? 0;
  drawBackground(scene, raster, timeS);
  for (const shape of scene.shapes) drawShape(shape, raster, timeS);
  if (options.grain) addGrain(raster, options.grain, options.grainSeed ?? 0);
}
