import type {
  EmulatorGenerationData,
  GenerationOutput,
} from '../../../src/api/contract/generation';
import type { Principal } from '../principal';
import type { EmulatorDb } from './database';
import { fromJson, statement } from './sql';

/** One output as stored: the media id, turned into a URL per request (the origin varies). */
export interface GenerationOutputRecord {
  media_id: string;
  content_type: string;
  width?: number;
  height?: number;
  duration?: number;
  /** Video only: the frame rate and frame count rendered (the request's, after bounds). */
  fps?: number;
  frame_count?: number;
}

/** A row of `generations`, with its JSON columns parsed. */
export interface GenerationRecord {
  id: string;
  owner: string;
  stack: string;
  /** The EndpointDef id: `video.generate` or `image.generate`. */
  endpoint: string;
  tool: string;
  prompt: string;
  parameters: Record<string, unknown>;
  status: string;
  outputs: GenerationOutputRecord[];
  created_at: string;
}

type GenerationRow = Omit<GenerationRecord, 'parameters' | 'outputs'> & {
  parameters_json: string;
  outputs_json: string;
};

export function insertGeneration(db: EmulatorDb, record: GenerationRecord): void {
  const { parameters, outputs, ...rest } = record;
  statement(
    db,
    `INSERT INTO generations (id, owner, stack, endpoint, tool, prompt, parameters_json, status, outputs_json, created_at)
     VALUES (@id, @owner, @stack, @endpoint, @tool, @prompt, @parameters_json, @status, @outputs_json, @created_at)`,
  ).run({
    ...rest,
    parameters_json: JSON.stringify(parameters),
    outputs_json: JSON.stringify(outputs),
  });
}

export function findGeneration(
  db: EmulatorDb,
  id: string,
  principal: Principal,
): GenerationRecord | null {
  const row = statement<[string, string, string], GenerationRow>(
    db,
    'SELECT * FROM generations WHERE id = ? AND owner = ? AND stack = ?',
  ).get(id, principal.keyHash, principal.stackId);
  if (!row) return null;
  const { parameters_json, outputs_json, ...rest } = row;
  return {
    ...rest,
    parameters: fromJson<Record<string, unknown>>(parameters_json) ?? {},
    outputs: fromJson<GenerationOutputRecord[]>(outputs_json) ?? [],
  };
}

/** The emulator's generation `data` (docs/api-decisions.md), with output URLs for this origin. */
export function toGenerationData(
  record: GenerationRecord,
  urlFor: (mediaId: string) => string,
): EmulatorGenerationData {
  const outputs: GenerationOutput[] = record.outputs.map(({ media_id, ...facts }) => ({
    url: urlFor(media_id),
    ...facts,
  }));
  return {
    id: record.id,
    tool: record.tool,
    status: record.status,
    prompt: record.prompt,
    created_at: record.created_at,
    outputs,
  };
}
