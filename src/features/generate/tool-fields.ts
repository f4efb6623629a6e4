import type { ToolInfo } from '../../api/contract/tools';
import { referenceImageUrlsLimits } from '../../api/contract/tools';

/**
 * What each tool asks for, as form fields. The spec names a tool's required inputs but not
 * their value types, so the type is read from the input's name (docs/api-decisions.md,
 * "Generation form"): `*_url` is one media URL, `*_urls` a list of them, `image`, `video`,
 * `media` and `reference` a URL or an upload, anything else text. Optional controls the spec
 * names (size, frame count…) become typed fields under the parameter names we chose.
 */

/** What a media field accepts; also which upload purpose and preview it gets. */
export type MediaAccept = 'image' | 'video' | 'audio' | 'image-or-audio' | 'image-or-video' | 'any';

interface FieldBase {
  /** The key inside `parameters`. */
  name: string;
  label: string;
  required: boolean;
  hint?: string;
}

/** One media URL, typed or uploaded. */
export interface MediaFieldSpec extends FieldBase {
  kind: 'media';
  accept: MediaAccept;
}

/** A list of media URLs, each typed or uploaded. */
export interface UrlListFieldSpec extends FieldBase {
  kind: 'url-list';
  accept: MediaAccept;
  min: number;
  max: number;
}

export interface TextFieldSpec extends FieldBase {
  kind: 'text';
  placeholder?: string;
}

export interface NumberFieldSpec extends FieldBase {
  kind: 'number';
  integer: boolean;
  min: number;
  max: number;
  step: number;
  unit?: string;
}

export interface SelectFieldSpec extends FieldBase {
  kind: 'select';
  options: readonly { value: string; label: string }[];
}

export type ToolFieldSpec =
  MediaFieldSpec | UrlListFieldSpec | TextFieldSpec | NumberFieldSpec | SelectFieldSpec;

/** A field's value in the form: lists hold one string per row; everything else is a string. */
export type FieldValue = string | string[];

/** Inputs whose name alone says which media they take. */
const namedMedia: Record<string, { accept: MediaAccept; label: string }> = {
  image: { accept: 'image', label: 'Image' },
  image_url: { accept: 'image', label: 'Image URL' },
  reference_image_url: { accept: 'image', label: 'Reference image URL' },
  video: { accept: 'video', label: 'Video' },
  video_url: { accept: 'video', label: 'Video URL' },
  reference_video_url: { accept: 'video', label: 'Reference video URL' },
  audio_url: { accept: 'audio', label: 'Audio URL' },
  // "Multiple media references (images and/or audio)".
  media: { accept: 'image-or-audio', label: 'Media' },
  // "Match style and composition of a reference": a picture or a clip.
  reference: { accept: 'image-or-video', label: 'Reference' },
};

const namedLists: Record<string, { accept: MediaAccept; label: string; max: number }> = {
  reference_image_urls: {
    accept: 'image',
    label: 'Reference image URLs',
    max: referenceImageUrlsLimits.max,
  },
  // Value type and bounds not shown; images to edit, as many as the reference lists allow.
  input_urls: { accept: 'image', label: 'Input image URLs', max: referenceImageUrlsLimits.max },
};

const textInputs: Record<string, { label: string; placeholder: string }> = {
  remove_target: { label: 'What to remove', placeholder: 'e.g. the person on the left' },
};

function humanize(name: string): string {
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The field for one input the spec names as required by a tool. */
export function fieldForInput(name: string, required = true): ToolFieldSpec {
  const media = namedMedia[name];
  if (media) return { kind: 'media', name, required, ...media };
  const list = namedLists[name];
  if (list) return { kind: 'url-list', name, required, min: required ? 1 : 0, ...list };
  if (name.endsWith('_urls')) {
    return {
      kind: 'url-list',
      name,
      required,
      accept: 'any',
      label: humanize(name).replace(/ urls$/, ' URLs'),
      min: required ? 1 : 0,
      max: referenceImageUrlsLimits.max,
    };
  }
  if (name.endsWith('_url')) {
    return {
      kind: 'media',
      name,
      required,
      accept: 'any',
      label: humanize(name).replace(/ url$/, ' URL'),
    };
  }
  const text = textInputs[name];
  return {
    kind: 'text',
    name,
    required,
    label: text?.label ?? humanize(name),
    placeholder: text?.placeholder,
  };
}

export const imageSizes = [
  '1024x1024',
  '1344x768',
  '768x1344',
  '1152x896',
  '896x1152',
  '512x512',
] as const;
export const videoSizes = ['1280x720', '720x1280', '960x540', '640x360', '320x180'] as const;
export const qualityOptions = [
  { value: 'standard', label: 'Standard' },
  { value: 'high', label: 'High' },
] as const;
/** Beyond the spec's 30 s (generate_video_v_8_multi) no tool says it goes further. */
const longestVideoSeconds = 30;

/** The optional fields for one control the spec names, in its words. */
function fieldsForControl(control: string, tool: ToolInfo): ToolFieldSpec[] {
  const sizes = tool.endpoint === 'image' ? imageSizes : videoSizes;
  switch (control) {
    case 'size':
      return [
        {
          kind: 'select',
          name: 'size',
          label: 'Size',
          required: false,
          hint: 'Width × height in pixels.',
          options: sizes.map((size) => ({ value: size, label: size.replace('x', ' × ') })),
        },
      ];
    case 'frame count':
      return [
        {
          kind: 'number',
          name: 'num_frames',
          label: 'Frame count',
          required: false,
          integer: true,
          min: 1,
          max: 900,
          step: 1,
          unit: 'frames',
        },
      ];
    case 'frame rate':
      return [
        {
          kind: 'number',
          name: 'fps',
          label: 'Frame rate',
          required: false,
          integer: true,
          min: 1,
          max: 60,
          step: 1,
          unit: 'fps',
        },
      ];
    case 'duration up to 30 seconds':
    case 'longer durations': {
      const max = tool.limits?.maxDurationSeconds ?? longestVideoSeconds;
      return [
        {
          kind: 'number',
          name: 'duration',
          label: 'Duration',
          required: false,
          integer: false,
          min: 0.5,
          max,
          step: 0.5,
          unit: 's',
          hint: tool.limits?.maxDurationSeconds
            ? `Up to ${max} seconds.`
            : 'Longer clips than most tools; the service sets the limit.',
        },
      ];
    }
    case 'seed':
      return [
        {
          kind: 'number',
          name: 'seed',
          label: 'Seed',
          required: false,
          integer: true,
          min: 0,
          max: 4_294_967_295,
          step: 1,
          hint: 'The same seed and settings give the same result.',
        },
      ];
    case 'quality':
      return [
        {
          kind: 'select',
          name: 'quality',
          label: 'Quality',
          required: false,
          options: qualityOptions,
        },
      ];
    case 'reference images':
    case 'style references':
      return [
        {
          ...(fieldForInput('reference_image_urls', false) as UrlListFieldSpec),
          label:
            control === 'style references' ? 'Style reference image URLs' : 'Reference image URLs',
        },
      ];
    case 'starting frame':
      return [
        { ...(fieldForInput('image_url', false) as MediaFieldSpec), label: 'Starting frame' },
      ];
    case 'audio':
      return [{ ...(fieldForInput('audio_url', false) as MediaFieldSpec), label: 'Audio track' }];
    default:
      return [];
  }
}

/** Every field of a tool: its required inputs first (in the spec's order), then its controls. */
export function fieldsForTool(tool: ToolInfo): ToolFieldSpec[] {
  const fields = tool.requiredInputs.map((name) => fieldForInput(name));
  const taken = new Set(fields.map((field) => field.name));
  for (const control of tool.controls ?? []) {
    for (const field of fieldsForControl(control, tool)) {
      if (taken.has(field.name)) continue;
      taken.add(field.name);
      fields.push(field);
    }
  }
  return fields;
}

/** The value a field starts with: empty, with as many list rows as the list needs. */
export function emptyFieldValue(field: ToolFieldSpec): FieldValue {
  return field.kind === 'url-list' ? Array.from({ length: Math.max(1, field.min) }, () => '') : '';
}

/** The `accept` attribute of a file picker for a media field. */
export function fileAccept(accept: MediaAccept): string {
  switch (accept) {
    case 'image':
      return 'image/*';
    case 'video':
      return 'video/*';
    case 'audio':
      return 'audio/*';
    case 'image-or-audio':
      return 'image/*,audio/*';
    case 'image-or-video':
      return 'image/*,video/*';
    default:
      return 'image/*,video/*,audio/*';
  }
}
