import { findTool } from '../../api/contract/tools';
import {
  emptyFormValues,
  type GenerateFormValues,
  type GenerationKind,
} from './generation-request';
import { fieldsForTool, type FieldValue, type ToolFieldSpec } from './tool-fields';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A parameter's value as its form field holds it, or undefined when the field cannot hold it
 * as it is (then it goes to the extra JSON, so the request is sent again unchanged).
 */
function asFieldValue(field: ToolFieldSpec, value: unknown): FieldValue | undefined {
  switch (field.kind) {
    case 'url-list':
      return Array.isArray(value) &&
        value.length > 0 &&
        value.every((item) => typeof item === 'string')
        ? (value as string[])
        : undefined;
    case 'number':
      // A number sent as text ("48") stays text: the field would send it as a number.
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
    case 'select':
      // A <select> cannot show a value outside its options; the JSON keeps it in sight.
      return field.options.some((option) => option.value === value) ? (value as string) : undefined;
    default:
      return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  }
}

/**
 * The form that sends `request` again: the inverse of assembleRequest. Each parameter the
 * tool has a field for goes into that field; everything else goes into the extra JSON. A tool
 * this page does not know for `kind` becomes `auto`, the service's own choice, with all its
 * parameters kept as extra JSON.
 */
export function formFromRequest(kind: GenerationKind, request: unknown): GenerateFormValues {
  const body = isObject(request) ? request : {};
  const prompt = typeof body.prompt === 'string' ? body.prompt : '';
  const named = typeof body.tool === 'string' ? findTool(kind, body.tool) : undefined;
  const tool = named?.name ?? 'auto';
  const parameters = isObject(body.parameters) ? body.parameters : {};

  const inputs: Record<string, FieldValue> = {};
  const extra: Record<string, unknown> = { ...parameters };
  for (const field of named ? fieldsForTool(named) : []) {
    if (!(field.name in parameters)) continue;
    const value = asFieldValue(field, parameters[field.name]);
    if (value === undefined) continue;
    inputs[field.name] = value;
    delete extra[field.name];
  }
  return {
    ...emptyFormValues,
    prompt,
    tool,
    inputs,
    advancedJson: Object.keys(extra).length > 0 ? JSON.stringify(extra, null, 2) : '',
  };
}
