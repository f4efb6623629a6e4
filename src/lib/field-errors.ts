import { isApiError } from '../api/api-error';
import { labelledMessage, type FieldLabels } from './field-labels';

/**
 * The fields a failed request names, so each message can also sit beside its field: the
 * client's own issues (`text`, `body.voice_id`), or a service message that starts with the
 * field, as the emulator writes them (`voice_id: no voice named "x" …`). Field names in the
 * messages become the form's labels.
 */
export function fieldErrorsFrom<F extends string>(
  error: unknown,
  fields: readonly F[],
  labels: FieldLabels = {},
): Partial<Record<F, string>> {
  if (!isApiError(error)) return {};
  const known = new Set<string>(fields);
  const found: Partial<Record<F, string>> = {};
  const take = (path: string, message: string) => {
    const field = path.replace(/^body\./, '').split('.')[0] ?? '';
    if (known.has(field) && !(field in found)) found[field as F] = labelledMessage(message, labels);
  };
  for (const issue of error.issues) take(issue.path, issue.message);
  const named = /^([a-z_][a-z0-9_.]*): (.+)$/i.exec(error.message.trim());
  if (named) take(named[1]!, named[2]!);
  return found;
}
