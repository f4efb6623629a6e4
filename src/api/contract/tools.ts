import type { z } from './zod';
import type { ToolInfo, toolInfoSchema } from './tool-info';
import { imageToolInputs, referenceImageUrlsLimits, videoToolInputs } from './tool-inputs';

export { toolEndpoints, toolGroupLabels, toolGroups } from './tool-groups';
export type { ToolInfo } from './tool-info';
export { missingRequiredInputs, referenceImageUrlsLimits } from './tool-inputs';

/**
 * The tools catalog: every `tool` value of POST /v1/video/generate and POST /v1/image/generate,
 * with the inputs the spec says a tool requires inside `parameters`. The names and inputs come
 * from tool-inputs.ts, so a tool name is written once. Capability texts come from the spec; where
 * the spec gives none, the text only restates what the endpoint does. Plain data: only its types
 * come from zod (tool-info.ts), so the Generate page draws the picker without loading zod.
 */

const textToVideo = 'Text-to-video generation.';
const textToImage = 'Text-to-image generation.';
const imageEdit = 'Image editing from a prompt and an input image.';

const videoEntries = [
  {
    name: 'auto',
    endpoint: 'video',
    group: 'auto',
    capability: 'The service picks a tool; same as omitting tool.',
  },
  // Tools with required additional inputs, in the spec's order.
  {
    name: 'generate_video_15_edit',
    endpoint: 'video',
    group: 'edit',
    capability: 'Edit a video with a text prompt.',
  },
  {
    name: 'generate_video_edit_remove',
    endpoint: 'video',
    group: 'edit',
    capability: 'Remove a subject from a video.',
  },
  {
    name: 'generate_video_edit_v_1',
    endpoint: 'video',
    group: 'edit',
    capability: 'Text-guided edit of a video.',
  },
  {
    name: 'generate_video_edit_v_4',
    endpoint: 'video',
    group: 'edit',
    capability: 'Text-guided edit of a video.',
  },
  {
    name: 'generate_video_edit_v_5',
    endpoint: 'video',
    group: 'edit',
    capability: 'Edit a video with text instructions.',
  },
  {
    name: 'generate_video_from_image_3',
    endpoint: 'video',
    group: 'from-image',
    capability: 'Animate a reference image.',
  },
  {
    name: 'generate_video_from_image_6',
    endpoint: 'video',
    group: 'from-image',
    capability: 'Text prompt plus one reference image.',
  },
  {
    name: 'generate_video_from_image_6_unlocked',
    endpoint: 'video',
    group: 'from-image',
    capability: 'Text prompt plus one reference image.',
  },
  {
    name: 'generate_video_from_image_v1',
    endpoint: 'video',
    group: 'from-image',
    capability: 'Animate a still image quickly.',
  },
  {
    name: 'generate_video_from_image_v_3',
    endpoint: 'video',
    group: 'from-image',
    capability: 'Animate a still image, high fidelity.',
  },
  {
    name: 'generate_video_from_image_v_4',
    endpoint: 'video',
    group: 'from-image',
    capability: 'Animate a single still image, high fidelity.',
  },
  {
    name: 'generate_video_from_media_v_2',
    endpoint: 'video',
    group: 'references',
    capability: 'Multiple media references (images and/or audio).',
  },
  {
    name: 'generate_video_from_reference_v1',
    endpoint: 'video',
    group: 'references',
    capability: 'Match style and composition of a reference.',
  },
  {
    name: 'generate_video_from_refs_v_4',
    endpoint: 'video',
    group: 'references',
    capability: 'Text prompt plus 1 to 9 character reference images.',
    limits: {
      minReferenceImages: referenceImageUrlsLimits.min,
      maxReferenceImages: referenceImageUrlsLimits.max,
    },
  },
  {
    name: 'generate_video_from_video_and_image_1',
    endpoint: 'video',
    group: 'references',
    capability: 'Animate a character image with motion from a reference video.',
  },
  {
    name: 'generate_video_lipsync_6',
    endpoint: 'video',
    group: 'lip-sync',
    capability: 'Lip-synced clip from prompt, subject image and audio track.',
  },
  {
    name: 'generate_video_unlocked_1',
    endpoint: 'video',
    group: 'from-image',
    capability: 'Animate a still image into a short clip.',
  },
  {
    name: 'generate_video_v_14_multi',
    endpoint: 'video',
    group: 'edit',
    capability:
      'Edit a source video with a prompt and reference images, or make a new clip guided by it.',
    controls: ['reference images'],
  },
  // Tools with no required additional inputs, in the spec's order.
  {
    name: 'generate_video_10_multi',
    endpoint: 'video',
    group: 'multi',
    capability: textToVideo,
  },
  {
    name: 'generate_video_15',
    endpoint: 'video',
    group: 'text',
    capability: 'Frame count, frame rate and size controls.',
    controls: ['frame count', 'frame rate', 'size'],
  },
  {
    name: 'generate_video_3',
    endpoint: 'video',
    group: 'text',
    capability: textToVideo,
  },
  {
    name: 'generate_video_6',
    endpoint: 'video',
    group: 'text',
    capability: textToVideo,
  },
  {
    name: 'generate_video_6_unlocked',
    endpoint: 'video',
    group: 'text',
    capability: textToVideo,
  },
  {
    name: 'generate_video_7x_multi',
    endpoint: 'video',
    group: 'multi',
    capability: textToVideo,
  },
  {
    name: 'generate_video_7xxz_multi',
    endpoint: 'video',
    group: 'multi',
    capability: textToVideo,
  },
  {
    name: 'generate_video_from_image_audio_v_3',
    endpoint: 'video',
    group: 'from-image',
    capability: 'Starting frame plus optional style references.',
    controls: ['starting frame', 'style references'],
  },
  {
    name: 'generate_video_from_text_v_1',
    endpoint: 'video',
    group: 'text',
    capability: textToVideo,
  },
  {
    name: 'generate_video_from_text_v_3',
    endpoint: 'video',
    group: 'text',
    capability: 'Longer durations.',
    controls: ['longer durations'],
  },
  {
    name: 'generate_video_from_text_v_4',
    endpoint: 'video',
    group: 'text',
    capability: textToVideo,
  },
  {
    name: 'generate_video_from_text_v_5',
    endpoint: 'video',
    group: 'text',
    capability: 'Optional audio.',
    controls: ['audio'],
  },
  {
    name: 'generate_video_multishot',
    endpoint: 'video',
    group: 'multi-shot',
    capability: 'Multi-scene video from one story prompt.',
  },
  {
    name: 'generate_video_stacked',
    endpoint: 'video',
    group: 'multi-view',
    capability: 'Five camera views of a subject.',
  },
  {
    name: 'generate_video_unlocked_2',
    endpoint: 'video',
    group: 'text',
    capability: textToVideo,
  },
  {
    name: 'generate_video_v_11_multi',
    endpoint: 'video',
    group: 'multi',
    capability: textToVideo,
  },
  {
    name: 'generate_video_v_3_multi',
    endpoint: 'video',
    group: 'multi',
    capability: textToVideo,
  },
  {
    name: 'generate_video_v_4_multi',
    endpoint: 'video',
    group: 'multi',
    capability: textToVideo,
  },
  {
    name: 'generate_video_v_6_multi',
    endpoint: 'video',
    group: 'multi',
    capability: textToVideo,
  },
  {
    name: 'generate_video_v_7_multi',
    endpoint: 'video',
    group: 'multi',
    capability: textToVideo,
  },
  {
    name: 'generate_video_v_7z_multi',
    endpoint: 'video',
    group: 'multi',
    capability: textToVideo,
  },
  {
    name: 'generate_video_v_8_multi',
    endpoint: 'video',
    group: 'multi',
    capability: 'Up to 30 seconds long.',
    controls: ['duration up to 30 seconds'],
    limits: { maxDurationSeconds: 30 },
  },
] as const satisfies readonly Omit<z.input<typeof toolInfoSchema>, 'requiredInputs'>[];

const imageEntries = [
  {
    name: 'auto',
    endpoint: 'image',
    group: 'auto',
    capability: 'The service picks a tool; same as omitting tool.',
  },
  // Tools with required additional inputs, in the spec's order.
  {
    name: 'generate_image_15_edit',
    endpoint: 'image',
    group: 'edit',
    capability: imageEdit,
  },
  {
    name: 'generate_image_7_edit',
    endpoint: 'image',
    group: 'edit',
    capability: 'Image editing from a prompt and input images.',
  },
  {
    name: 'generate_image_edit',
    endpoint: 'image',
    group: 'edit',
    capability: imageEdit,
  },
  {
    name: 'generate_image_edit_14',
    endpoint: 'image',
    group: 'edit',
    capability: imageEdit,
  },
  {
    name: 'generate_image_edit_5',
    endpoint: 'image',
    group: 'edit',
    capability: imageEdit,
  },
  {
    name: 'generate_image_face_unlocked_1',
    endpoint: 'image',
    group: 'edit',
    capability: 'Replaces a face while preserving identity and scene.',
  },
  // Tools with no required additional inputs, in the spec's order.
  {
    name: 'generate_image_10',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
  {
    name: 'generate_image_11',
    endpoint: 'image',
    group: 'references',
    capability: 'Text or reference images.',
    controls: ['reference images'],
  },
  {
    name: 'generate_image_12',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
  {
    name: 'generate_image_13',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
  {
    name: 'generate_image_15',
    endpoint: 'image',
    group: 'text',
    capability: 'Optional size, quality and seed controls.',
    controls: ['size', 'quality', 'seed'],
  },
  {
    name: 'generate_image_16',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
  {
    name: 'generate_image_17',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
  {
    name: 'generate_image_18',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
  {
    name: 'generate_image_5',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
  {
    name: 'generate_image_6',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
  {
    name: 'generate_image_7',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
  {
    name: 'generate_image_8',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
  {
    name: 'generate_image_edit_pro',
    endpoint: 'image',
    group: 'edit',
    capability: 'Optional reference images.',
    controls: ['reference images'],
  },
  {
    name: 'generate_image_gram',
    endpoint: 'image',
    group: 'text',
    capability: textToImage,
  },
] as const satisfies readonly Omit<z.input<typeof toolInfoSchema>, 'requiredInputs'>[];

/** Each entry with the inputs the contract requires of it (tool-inputs.ts). */
export const videoTools = videoEntries.map((entry) => ({
  ...entry,
  requiredInputs: videoToolInputs[entry.name],
}));
export const imageTools = imageEntries.map((entry) => ({
  ...entry,
  requiredInputs: imageToolInputs[entry.name],
}));

/** Both endpoints' tools; `auto` appears once for each, every other name is unique. */
export const toolCatalog = [...videoTools, ...imageTools];
export type ToolEntry = (typeof toolCatalog)[number];

export function findTool(endpoint: ToolInfo['endpoint'], name: string): ToolEntry | undefined {
  return toolCatalog.find((tool) => tool.endpoint === endpoint && tool.name === name);
}
