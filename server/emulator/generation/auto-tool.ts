import { imageTools, missingRequiredInputs, videoTools } from '../../../src/api/contract/tools';
import { VIDEO_DEFAULTS } from '../media/video';
import { defaultMaxVideoSeconds } from './output-settings';
import { readNumber, type Parameters } from './parameter-values';

export type GenerationKind = 'image' | 'video';

/** Text-only defaults: the tools whose capability names the controls the emulator honours. */
export const defaultTools = { image: 'generate_image_15', video: 'generate_video_15' } as const;
/** The video tool the spec allows 30 s: chosen when a longer duration than 10 s is asked for. */
const longVideoTool = 'generate_video_v_8_multi';
/** For images with references but no edit input: "text or reference images". */
const imageReferenceTool = 'generate_image_11';
const imageReferenceInputs = [
  'reference_image_urls',
  'reference_images',
  'image_url',
  'reference_image_url',
];

const given = (parameters: Parameters, name: string) => {
  const value = parameters[name];
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return !Array.isArray(value) || value.length > 0;
};

/**
 * The tool `auto` (or no tool) stands for: the most specific tool whose required inputs the
 * parameters all give (most inputs first, then catalog order), so an image or video input
 * picks a from-image or edit tool and `reference_image_urls` picks generate_video_from_refs_v_4.
 * Without such inputs: the long-video tool for more than 10 s, a reference tool for images
 * with references, else the text-only default.
 */
export function chooseTool(kind: GenerationKind, parameters: Parameters): string {
  const tools: ReadonlyArray<{ name: string; requiredInputs: readonly string[] }> =
    kind === 'image' ? imageTools : videoTools;
  const fitting = tools
    .filter((tool) => tool.requiredInputs.length > 0)
    .filter((tool) => missingRequiredInputs(tool.name, parameters).length === 0)
    .sort((a, b) => b.requiredInputs.length - a.requiredInputs.length);
  if (fitting[0]) return fitting[0].name;
  if (kind === 'video') {
    const frames = readNumber(parameters, ['num_frames', 'frame_count']);
    const fps = readNumber(parameters, ['fps', 'frame_rate']) ?? VIDEO_DEFAULTS.fps;
    const seconds =
      readNumber(parameters, ['duration', 'duration_s']) ??
      (frames !== undefined ? frames / fps : undefined);
    return seconds !== undefined && seconds > defaultMaxVideoSeconds
      ? longVideoTool
      : defaultTools.video;
  }
  return imageReferenceInputs.some((name) => given(parameters, name))
    ? imageReferenceTool
    : defaultTools.image;
}

/** The tool to run: the one named, or the automatic choice for `auto` and no tool. */
export function resolveTool(
  kind: GenerationKind,
  tool: string | undefined,
  parameters: Parameters,
): string {
  return tool === undefined || tool === 'auto' ? chooseTool(kind, parameters) : tool;
}
