import { createRaster, drawScene } from './draw';
import { seededRandom } from './palette';
import { encodePng } from './png';
import { composeScene, type SceneInput } from './scene';

export interface ImageRequest extends SceneInput {
  width: number;
  height: number;
}

export const IMAGE_MIN_SIDE = 64;
export const IMAGE_MAX_SIDE = 2048;

const side = (value: number) =>
  Math.min(
    IMAGE_MAX_SIDE,
    Math.max(IMAGE_MIN_SIDE, Math.round(Number.isFinite(value) ? value : 512)),
  );

/**
 * A PNG whose picture follows from (prompt, tool, seed): the same inputs give the same bytes,
 * a different prompt or tool gives a visibly different picture. Sides are bounded to 64..2048.
 */
export function renderImage(request: ImageRequest): Uint8Array {
  const width = side(request.width);
  const height = side(request.height);
  const raster = createRaster(width, height, 3);
  const grainSeed = Math.floor(seededRandom('grain', request.tool, request.prompt)() * 2 ** 31);
  drawScene(composeScene(request), raster, { grain: 6, grainSeed });
  return encodePng(raster.data, width, height);
}
