import { createRequire } from 'node:module';
import type * as H264 from 'h264-mp4-encoder';
import { createRaster, drawScene } from './draw';
import { clearMp4Times } from './mp4-times';
import { composeScene, type SceneInput } from './scene';

export interface VideoRequest extends SceneInput {
  width?: number;
  height?: number;
  fps?: number;
  durationS?: number;
}

export const VIDEO_DEFAULTS = { width: 320, height: 180, fps: 12, durationS: 2 } as const;
export const VIDEO_LIMITS = {
  side: [64, 1280],
  fps: [1, 60],
  durationS: [0.5, 30],
} as const;

type EncoderApi = typeof H264;
let api: EncoderApi | null = null;
let outputCounter = 0;

/**
 * The encoder is a webpack bundle of an old Emscripten build: it is CommonJS (so it is
 * required, not imported) and on load it adds process-wide 'uncaughtException' and
 * 'unhandledRejection' listeners that rethrow and abort the module. Those would change how
 * the whole server handles errors, so they are removed again right after loading.
 */
function loadEncoderApi(): EncoderApi {
  if (api) return api;
  const uncaught = process.listeners('uncaughtException');
  const rejections = process.listeners('unhandledRejection');
  api = createRequire(import.meta.url)('h264-mp4-encoder') as EncoderApi;
  for (const listener of process.listeners('uncaughtException')) {
    if (!uncaught.includes(listener)) process.removeListener('uncaughtException', listener);
  }
  for (const listener of process.listeners('unhandledRejection')) {
    if (!rejections.includes(listener)) process.removeListener('unhandledRejection', listener);
  }
  return api;
}

function bounded(
  value: number | undefined,
  fallback: number,
  [min, max]: readonly [number, number],
) {
  const number = value !== undefined && Number.isFinite(value) ? value : fallback;
  return Math.min(max, Math.max(min, number));
}

// H.264 in 4:2:0 needs even sides.
const evenSide = (value: number | undefined, fallback: number) =>
  Math.round(bounded(value, fallback, VIDEO_LIMITS.side) / 2) * 2;

/**
 * An H.264 MP4 of the scene for (prompt, tool, seed) with its shapes moving. Sides are even and
 * within 64..1280, fps within 1..60 (whole frames per second), duration within 0.5..30 s.
 */
export async function renderVideo(request: VideoRequest): Promise<Uint8Array> {
  const width = evenSide(request.width, VIDEO_DEFAULTS.width);
  const height = evenSide(request.height, VIDEO_DEFAULTS.height);
  const fps = Math.round(bounded(request.fps, VIDEO_DEFAULTS.fps, VIDEO_LIMITS.fps));
  const durationS = bounded(request.durationS, VIDEO_DEFAULTS.durationS, VIDEO_LIMITS.durationS);
  const frames = Math.max(1, Math.round(durationS * fps));
  const scene = composeScene(request);

  const encoder: H264.H264MP4Encoder = await loadEncoderApi().createH264MP4Encoder();
  // From here on nothing awaits, so calls cannot interleave on the shared WebAssembly module.
  encoder.outputFilename = `video-${++outputCounter}.mp4`;
  try {
    encoder.width = width;
    encoder.height = height;
    encoder.frameRate = fps;
    encoder.speed = 10; // fastest: these are placeholders, not showcases
    encoder.quantizationParameter = 30;
    encoder.groupOfPictures = Math.max(1, fps); // a key frame every second, for seeking
    encoder.initialize();
    const raster = createRaster(width, height, 4);
    for (let frame = 0; frame < frames; frame++) {
      drawScene(scene, raster, { timeS: frame / fps });
      encoder.addFrameRgba(raster.data);
    }
    encoder.finalize();
    return clearMp4Times(encoder.FS.readFile(encoder.outputFilename));
  } finally {
    try {
      encoder.FS.unlink(encoder.outputFilename);
    } catch {
      // nothing was written
    }
    encoder.delete();
  }
}
