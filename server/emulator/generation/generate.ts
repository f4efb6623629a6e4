import type { GenerationRecord } from '../db/generations-repo';
import type { MediaStore } from '../media-store';
import { newId, type Principal } from '../principal';
import { resolveTool, type GenerationKind } from './auto-tool';
import { imageSettings, videoSettings } from './output-settings';
import { renderImageOutputs, renderVideoOutput } from './render-outputs';

export interface GenerationInput {
  kind: GenerationKind;
  /** The EndpointDef id, stored with the record (`image.generate`, `video.generate`). */
  endpoint: string;
  prompt: string;
  tool: string | undefined;
  parameters: Record<string, unknown>;
}

/**
 * Renders a generation and returns its record, not yet stored. Settings are read before any
 * rendering, so a bad parameter is a 400 that costs nothing. Input URLs in `parameters`
 * (image_url, video_url, …) are recorded with the parameters, not fetched: the pictures are
 * drawn from the prompt and tool.
 */
export async function runGeneration(
  deps: { mediaStore: MediaStore; now: () => Date },
  principal: Principal,
  input: GenerationInput,
): Promise<GenerationRecord> {
  const { kind, prompt, parameters } = input;
  const tool = resolveTool(kind, input.tool, parameters);
  const outputs =
    kind === 'image'
      ? await renderImageOutputs(deps.mediaStore, {
          prompt,
          tool,
          settings: imageSettings(parameters),
        })
      : await renderVideoOutput(deps.mediaStore, {
          prompt,
          tool,
          settings: videoSettings(parameters, tool),
        });
  return {
    id: newId('gen'),
    owner: principal.keyHash,
    stack: principal.stackId,
    endpoint: input.endpoint,
    tool,
    prompt,
    parameters,
    status: 'completed',
    outputs,
    created_at: deps.now().toISOString(),
  };
}
