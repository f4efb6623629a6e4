/**
 * What the contract checks about tools: every `tool` value of the two generation endpoints and
 * the inputs the spec says each requires inside `parameters`. The UI catalog (capabilities,
 * groups, controls) lives in tools.ts and takes its names and inputs from here, so the pages that
 * only call the API do not load it. Written without zod so the Generate page can check a request
 * as it is typed; tool-names.ts builds the contract's name enums from these lists.
 */

/** generate_video_from_refs_v_4 takes 1 to 9; the same bounds hold wherever the input appears. */
export const referenceImageUrlsLimits = { min: 1, max: 9 } as const;

/** Video tools, in the spec's order (those with required inputs first), `auto` first. */
export const videoToolInputs = {
  auto: [],
  generate_video_15_edit: ['video'],
  generate_video_edit_remove: ['video_url', 'remove_target'],
  generate_video_edit_v_1: ['video'],
  generate_video_edit_v_4: ['video_url'],
  generate_video_edit_v_5: ['video_url'],
  generate_video_from_image_3: ['image'],
  generate_video_from_image_6: ['reference_image_url'],
  generate_video_from_image_6_unlocked: ['reference_image_url'],
  generate_video_from_image_v1: ['image'],
  generate_video_from_image_v_3: ['image'],
  generate_video_from_image_v_4: ['image_url'],
  generate_video_from_media_v_2: ['media'],
  generate_video_from_reference_v1: ['reference'],
  generate_video_from_refs_v_4: ['reference_image_urls'],
  generate_video_from_video_and_image_1: ['image_url', 'video_url'],
  generate_video_lipsync_6: ['reference_image_url', 'audio_url'],
  generate_video_unlocked_1: ['image'],
  generate_video_v_14_multi: ['reference_video_url'],
  generate_video_10_multi: [],
  generate_video_15: [],
  generate_video_3: [],
  generate_video_6: [],
  generate_video_6_unlocked: [],
  generate_video_7x_multi: [],
  generate_video_7xxz_multi: [],
  generate_video_from_image_audio_v_3: [],
  generate_video_from_text_v_1: [],
  generate_video_from_text_v_3: [],
  generate_video_from_text_v_4: [],
  generate_video_from_text_v_5: [],
  generate_video_multishot: [],
  generate_video_stacked: [],
  generate_video_unlocked_2: [],
  generate_video_v_11_multi: [],
  generate_video_v_3_multi: [],
  generate_video_v_4_multi: [],
  generate_video_v_6_multi: [],
  generate_video_v_7_multi: [],
  generate_video_v_7z_multi: [],
  generate_video_v_8_multi: [],
} as const satisfies Record<string, readonly string[]>;

/** Image tools, in the spec's order. */
export const imageToolInputs = {
  auto: [],
  generate_image_15_edit: ['image'],
  generate_image_7_edit: ['input_urls'],
  generate_image_edit: ['image'],
  generate_image_edit_14: ['image'],
  generate_image_edit_5: ['image'],
  generate_image_face_unlocked_1: ['image'],
  generate_image_10: [],
  generate_image_11: [],
  generate_image_12: [],
  generate_image_13: [],
  generate_image_15: [],
  generate_image_16: [],
  generate_image_17: [],
  generate_image_18: [],
  generate_image_5: [],
  generate_image_6: [],
  generate_image_7: [],
  generate_image_8: [],
  generate_image_edit_pro: [],
  generate_image_gram: [],
} as const satisfies Record<string, readonly string[]>;

type VideoTool = keyof typeof videoToolInputs;
type ImageTool = keyof typeof imageToolInputs;

function requiredInputsOf(toolName: string): readonly string[] | undefined {
  if (Object.hasOwn(videoToolInputs, toolName)) {
    return videoToolInputs[toolName as VideoTool];
  }
  if (Object.hasOwn(imageToolInputs, toolName)) {
    return imageToolInputs[toolName as ImageTool];
  }
  return undefined;
}

function isEmptyInput(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/**
 * The required inputs of a tool that `parameters` lacks (absent, null, blank or an empty list).
 * Unknown tools and `auto` require nothing here: the enum reports an unknown name on its own.
 */
export function missingRequiredInputs(
  toolName: string | undefined,
  parameters: Readonly<Record<string, unknown>> | undefined,
): string[] {
  if (toolName === undefined) return [];
  const inputs = requiredInputsOf(toolName) ?? [];
  return inputs.filter((input) =>
    isEmptyInput(parameters && Object.hasOwn(parameters, input) ? parameters[input] : undefined),
  );
}

/** A problem with a request's tool inputs, at the input's path, worded as the contract reports it. */
export interface ToolInputIssue {
  path: ['parameters', string];
  message: string;
}

/**
 * The required inputs a request lacks, as issues on their paths. generation.ts reports these
 * through zod; a form uses them as they are to check a request while it is typed.
 */
export function missingInputIssues(
  toolName: string | undefined,
  parameters: Readonly<Record<string, unknown>> | undefined,
): ToolInputIssue[] {
  return missingRequiredInputs(toolName, parameters).map((input) => ({
    path: ['parameters', input],
    message: `parameters.${input} is required by tool ${toolName}`,
  }));
}
