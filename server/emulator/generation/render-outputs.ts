import type { GenerationOutputRecord } from '../db/generations-repo';
import { renderImage } from '../media/image';
import { inspectMedia } from '../media/inspect';
import { renderVideo } from '../media/video';
import type { MediaStore } from '../media-store';
import type { ImageSettings, VideoSettings } from './output-settings';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The facts reported for an output are read back from its bytes, so they are what the file
 * really holds even where a renderer bounded a value on its own.
 */
function describe(bytes: Uint8Array, mediaId: string): GenerationOutputRecord {
  const info = inspectMedia(bytes);
  if (!info) throw new Error('A rendered output is not readable media.');
  return {
    media_id: mediaId,
    content_type: info.contentType,
    ...(info.width !== undefined && { width: info.width }),
    ...(info.height !== undefined && { height: info.height }),
    ...(info.kind === 'video' && info.durationS !== undefined && { duration: info.durationS }),
  };
}

export async function renderImageOutputs(
  mediaStore: MediaStore,
  input: { prompt: string; tool: string; settings: ImageSettings },
): Promise<GenerationOutputRecord[]> {
  const { prompt, tool, settings } = input;
  const outputs: GenerationOutputRecord[] = [];
  for (let index = 0; index < settings.count; index++) {
    // Without a seed the first image is the prompt's own; the others vary from it.
    const seed =
      settings.seed === undefined && index === 0 ? undefined : (settings.seed ?? 0) + index;
    const bytes = renderImage({
      prompt,
      tool,
      seed,
      width: settings.width,
      height: settings.height,
    });
    const media = await mediaStore.put({
      bytes,
      contentType: 'image/png',
      filename: `image-${index + 1}.png`,
    });
    outputs.push(describe(bytes, media.id));
    await nextTurn(); // each image blocks for up to ~350 ms: let other requests in between
  }
  return outputs;
}

export async function renderVideoOutput(
  mediaStore: MediaStore,
  input: { prompt: string; tool: string; settings: VideoSettings },
): Promise<GenerationOutputRecord[]> {
  const { prompt, tool, settings } = input;
  const bytes = await renderVideo({ prompt, tool, ...settings });
  const media = await mediaStore.put({ bytes, contentType: 'video/mp4', filename: 'video.mp4' });
  const frameCount = Math.round(settings.durationS * settings.fps);
  return [{ ...describe(bytes, media.id), fps: settings.fps, frame_count: frameCount }];
}
