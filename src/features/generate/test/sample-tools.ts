import type { ToolInfo } from '../../../api/contract/tools';

/** A small catalog with one tool per kind of picker row: auto, an edit, from an image, text only. */
export const sampleTools: ToolInfo[] = [
  {
    name: 'auto',
    endpoint: 'video',
    group: 'auto',
    requiredInputs: [],
    capability: 'The service picks a tool; same as omitting tool.',
  },
  {
    name: 'generate_video_edit_v_4',
    endpoint: 'video',
    group: 'edit',
    requiredInputs: ['video_url'],
    capability: 'Text-guided edit of a video.',
  },
  {
    name: 'generate_video_from_image_3',
    endpoint: 'video',
    group: 'from-image',
    requiredInputs: ['image'],
    capability: 'Animate a reference image.',
  },
  {
    name: 'generate_video_v_8',
    endpoint: 'video',
    group: 'text',
    requiredInputs: [],
    capability: 'Cinematic clips from a prompt.',
  },
];
