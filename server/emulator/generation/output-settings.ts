import { findTool, type ToolInfo } from '../../../src/api/contract/tools';
import { IMAGE_MAX_SIDE, IMAGE_MIN_SIDE } from '../media/image';
import { VIDEO_DEFAULTS, VIDEO_LIMITS } from '../media/video';
import { readCount, readNumber, readSeed, readSize, type Parameters } from './parameter-values';

export interface ImageSettings {
  width: number;
  height: number;
  count: number;
  seed: number | undefined;
}

export interface VideoSettings {
  width: number;
  height: number;
  fps: number;
  durationS: number;
  seed: number | undefined;
}

/** A square megapixel, as most image APIs default to. */
const IMAGE_DEFAULT_SIDE = 1024;
/** The spec names num_images nowhere; 4 matches common image APIs and keeps a call < ~2 s. */
export const imageCountBounds = [1, 4] as const;
/** Only generate_video_v_8_multi states a longer limit (30 s); every other tool gets 10 s. */
export const defaultMaxVideoSeconds = 10;
/**
 * Render work allowed per video, in pixel-frames, so a request answers within ~2 s: measured
 * ~12-20 M pixel-frames/s for the H.264 encoder here. Each frame also costs about as much
 * as 6000 pixels of fixed overhead (drawing, the encoder call).
 */
export const videoWorkBudget = 18_000_000;
const FRAME_OVERHEAD_PX = 6_000;

const clamp = (value: number, [min, max]: readonly [number, number]) =>
  Math.min(max, Math.max(min, value));

export function imageSettings(parameters: Parameters): ImageSettings {
  const size = readSize(parameters);
  const side = (value: number | undefined) =>
    Math.round(clamp(value ?? IMAGE_DEFAULT_SIDE, [IMAGE_MIN_SIDE, IMAGE_MAX_SIDE]));
  return {
    width: side(size.width),
    height: side(size.height),
    count: readCount(parameters, ['num_images', 'n'], imageCountBounds) ?? 1,
    seed: readSeed(parameters),
  };
}

export function maxVideoSeconds(tool: string): number {
  const entry: ToolInfo | undefined = findTool('video', tool);
  return entry?.limits?.maxDurationSeconds ?? defaultMaxVideoSeconds;
}

/** Sides shrunk together (aspect kept) until the video fits the work budget. */
function fitBudget(width: number, height: number, frames: number) {
  const allowed = videoWorkBudget / frames - FRAME_OVERHEAD_PX;
  if (width * height <= allowed) return { width, height };
  const [min, max] = VIDEO_LIMITS.side;
  // Never below the smallest side: past that point the budget gives way, not the aspect.
  const scale = Math.max(
    Math.sqrt(Math.max(allowed, 1) / (width * height)),
    min / Math.min(width, height),
  );
  const even = (value: number) => Math.round(clamp(value, [min, max]) / 2) * 2;
  return { width: even(width * scale), height: even(height * scale) };
}

/**
 * Duration, frame rate and size from `duration`/`duration_s`, `fps`/`frame_rate`,
 * `num_frames`/`frame_count` and `size`/`width`/`height`. A frame count with a rate sets the
 * duration; a frame count with a duration (and no rate) sets the rate. Everything is then
 * bounded (duration to the tool's limit) and the resolution scaled down to fit the budget.
 */
export function videoSettings(parameters: Parameters, tool: string): VideoSettings {
  const size = readSize(parameters);
  const frames = readNumber(parameters, ['num_frames', 'frame_count']);
  let fps = readNumber(parameters, ['fps', 'frame_rate']);
  let durationS = readNumber(parameters, ['duration', 'duration_s']);
  if (frames !== undefined && fps === undefined && durationS !== undefined && durationS > 0) {
    fps = frames / durationS;
  } else if (frames !== undefined) {
    durationS = frames / (fps ?? VIDEO_DEFAULTS.fps);
  }
  const finalFps = Math.round(clamp(fps ?? VIDEO_DEFAULTS.fps, VIDEO_LIMITS.fps));
  const maxSeconds = maxVideoSeconds(tool);
  const finalDuration = clamp(durationS ?? VIDEO_DEFAULTS.durationS, [
    VIDEO_LIMITS.durationS[0],
    maxSeconds,
  ]);
  const frameCount = Math.max(1, Math.round(finalDuration * finalFps));
  const even = (value: number) => Math.round(clamp(value, VIDEO_LIMITS.side) / 2) * 2;
  const fitted = fitBudget(
    even(size.width ?? VIDEO_DEFAULTS.width),
    even(size.height ?? VIDEO_DEFAULTS.height),
    frameCount,
  );
  return {
    ...fitted,
    fps: finalFps,
    durationS: frameCount / finalFps,
    seed: readSeed(parameters),
  };
}
