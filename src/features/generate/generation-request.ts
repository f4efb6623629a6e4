import { missingInputIssues } from '../../api/contract/tool-inputs';
import { findTool, type ToolInfo } from '../../api/contract/tools';
import { labelledMessage, type FieldLabels } from '../../lib/field-labels';
import { fieldsForTool, type FieldValue, type ToolFieldSpec } from './tool-fields';

export type GenerationKind = ToolInfo['endpoint'];

/** The form as the user fills it. Inputs of other tools stay, so switching back restores them. */
export interface GenerateFormValues {
  prompt: string;
  tool: string;
  inputs: Record<string, FieldValue>;
  /** Extra `parameters` as JSON text, for inputs the catalog does not know. */
  advancedJson: string;
}

/** The body sent, less the idempotency key, which belongs to the submission. */
export interface GenerationBody {
  prompt: string;
  tool: string;
  parameters?: Record<string, unknown>;
}

/** Which form field a problem belongs to: `prompt`, `tool`, `advancedJson` or `inputs.<name>`. */
export interface FormIssue {
  field: string;
  message: string;
}

export type AssembledRequest =
  { ok: true; body: GenerationBody } | { ok: false; issues: FormIssue[] };

/** A problem the contract finds in a body: zod's path and message. */
export interface ContractIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The contract's own check of a body (its zod schema), once contract-check.ts has loaded it. */
export type ContractCheck = (
  kind: GenerationKind,
  body: GenerationBody,
) => readonly ContractIssue[];

export const emptyFormValues: GenerateFormValues = {
  prompt: '',
  tool: 'auto',
  inputs: {},
  advancedJson: '',
};

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/** Extra parameters from the JSON editor: empty is none; anything but an object is refused. */
export function parseAdvancedJson(
  text: string,
): { value: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { value: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    return { error: `Extra parameters: not valid JSON (${(cause as Error).message})` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { error: 'Extra parameters: must be a JSON object, like {"name": "value"}' };
  }
  return { value: parsed as Record<string, unknown> };
}

/** One field's value as it goes into `parameters`, or why it cannot. Empty means "not sent". */
function fieldValue(
  field: ToolFieldSpec,
  raw: FieldValue | undefined,
): { value?: unknown; error?: string } {
  const where = field.label;
  if (field.kind === 'url-list') {
    const urls = (Array.isArray(raw) ? raw : raw ? [raw] : [])
      .map((url) => url.trim())
      .filter(Boolean);
    const bad = urls.findIndex((url) => !isHttpUrl(url));
    if (bad >= 0) return { error: `${where}: URL ${bad + 1} must be an absolute http(s) URL` };
    if (urls.length > field.max) return { error: `${where} holds at most ${field.max} URLs` };
    if (urls.length === 0) return {};
    if (urls.length < field.min) return { error: `${where} needs at least ${field.min} URLs` };
    return { value: urls };
  }
  const text = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).trim();
  if (text === '') return {};
  switch (field.kind) {
    case 'media':
      return isHttpUrl(text)
        ? { value: text }
        : { error: `${where} must be an absolute http(s) URL` };
    case 'number': {
      const number = Number(text);
      const range = `from ${field.min} to ${field.max}${field.unit ? ` ${field.unit}` : ''}`;
      if (!Number.isFinite(number)) return { error: `${where} must be a number` };
      if (field.integer && !Number.isInteger(number)) {
        return { error: `${where} must be a whole number ${range}` };
      }
      if (number < field.min || number > field.max) return { error: `${where} must be ${range}` };
      return { value: number };
    }
    case 'select':
      return field.options.some((option) => option.value === text)
        ? { value: text }
        : { error: `${where} must be one of ${field.options.map((o) => o.value).join(', ')}` };
    default:
      return { value: text };
  }
}

/**
 * The form's labels for the request's fields: the contract's messages name `prompt` and
 * `parameters.image_url`, the form shows "Prompt" and "Image URL".
 */
export function generationFieldLabels(fields: readonly ToolFieldSpec[]): FieldLabels {
  return {
    prompt: 'Prompt',
    tool: 'Tool',
    ...Object.fromEntries(fields.map((field) => [`parameters.${field.name}`, field.label])),
  };
}

/** `parameters.video_url` → the form field that holds it. */
function issueField(path: readonly PropertyKey[], fields: readonly ToolFieldSpec[]): string {
  const [head, name] = path.map(String);
  if (head === 'prompt') return 'prompt';
  if (head === 'parameters' && name !== undefined) {
    return fields.some((field) => field.name === name) ? `inputs.${name}` : 'advancedJson';
  }
  return head === 'parameters' ? 'advancedJson' : 'tool';
}

/**
 * What the contract says about a body that can be told without zod: an empty prompt and the
 * tool's missing inputs, worded as the schema words them (the tests hold the two together).
 * The form checks these as it is typed, before the schema has loaded.
 */
function contractIssuesWithoutZod(body: GenerationBody): ContractIssue[] {
  const prompt: ContractIssue[] =
    body.prompt === '' ? [{ path: ['prompt'], message: 'prompt must not be empty' }] : [];
  return [...prompt, ...missingInputIssues(body.tool, body.parameters)];
}

/**
 * The request body for the form as filled: the tool's fields typed and checked, merged with
 * the extra JSON, then checked by the contract, with every problem placed on its field.
 * A key given both by a field and in the JSON is refused rather than one silently winning.
 * Without `checkContract` only the contract's zod-free rules apply: enough to draw the form
 * and its curl command; a submission passes the schema's check (contract-check.ts).
 */
export function assembleRequest(
  kind: GenerationKind,
  values: GenerateFormValues,
  checkContract?: ContractCheck,
): AssembledRequest {
  const tool = findTool(kind, values.tool);
  if (!tool) {
    return {
      ok: false,
      issues: [{ field: 'tool', message: `tool: ${values.tool} is not a ${kind} tool` }],
    };
  }
  const fields = fieldsForTool(tool);
  const issues: FormIssue[] = [];
  const extra = parseAdvancedJson(values.advancedJson);
  if ('error' in extra) issues.push({ field: 'advancedJson', message: extra.error });
  const extraValues = 'value' in extra ? extra.value : {};

  const fromFields: Record<string, unknown> = {};
  for (const field of fields) {
    const result = fieldValue(field, values.inputs[field.name]);
    if (result.error) issues.push({ field: `inputs.${field.name}`, message: result.error });
    if (result.value === undefined) continue;
    fromFields[field.name] = result.value;
    if (field.name in extraValues) {
      issues.push({
        field: 'advancedJson',
        message: `Extra parameters: ${field.name} is also set by the ${field.label} field; keep one`,
      });
    }
  }
  const parameters = { ...extraValues, ...fromFields };
  const body: GenerationBody = {
    prompt: values.prompt,
    tool: values.tool,
    ...(Object.keys(parameters).length > 0 && { parameters }),
  };

  const contractIssues = checkContract ? checkContract(kind, body) : contractIssuesWithoutZod(body);
  const taken = new Set(issues.map((issue) => issue.field));
  const labels = generationFieldLabels(fields);
  for (const issue of contractIssues) {
    const field = issueField(issue.path, fields);
    // A field already explained by its own check keeps that, more precise, message.
    if (taken.has(field)) continue;
    taken.add(field);
    issues.push({ field, message: labelledMessage(issue.message, labels) });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, body };
}
