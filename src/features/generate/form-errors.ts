import type { FieldErrors } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { labelledMessage, type FieldLabels } from '../../lib/field-labels';
import type { FormIssue, GenerateFormValues } from './generation-request';

/** react-hook-form's nested error object from flat issues (`inputs.video_url` → errors.inputs.video_url). */
export function toFieldErrors(issues: readonly FormIssue[]): FieldErrors<GenerateFormValues> {
  const errors: Record<string, unknown> = {};
  for (const { field, message } of issues) {
    const [head, name] = field.split('.') as [string, string | undefined];
    const error = { type: 'validate', message };
    if (name === undefined) errors[head] ??= error;
    else {
      const group = (errors[head] ??= {}) as Record<string, unknown>;
      group[name] ??= error;
    }
  }
  return errors as FieldErrors<GenerateFormValues>;
}

/**
 * Where a failed request's message belongs in the form: the client's own issues
 * (`parameters.video_url`), or a service message that starts with the field, as the emulator
 * writes them (`parameters.size: must be WIDTHxHEIGHT…`). Everything else stays beside the form.
 */
export function issuesFromError(
  error: unknown,
  knownInputs: readonly string[],
  labels: FieldLabels = {},
): FormIssue[] {
  if (!isApiError(error)) return [];
  const issues: FormIssue[] = [];
  const place = (path: string, serviceMessage: string) => {
    const message = labelledMessage(serviceMessage, labels);
    const [head, name] = path.replace(/^body\./, '').split(/[.[]/);
    if (head === 'prompt' || head === 'tool') issues.push({ field: head, message });
    else if (head === 'parameters' && name && knownInputs.includes(name)) {
      issues.push({ field: `inputs.${name}`, message });
    } else if (head === 'parameters') issues.push({ field: 'advancedJson', message });
  };
  for (const issue of error.issues) place(issue.path, issue.message);
  const named = /^([a-z_][a-z0-9_.[\]]*): (.+)$/i.exec(error.message.trim());
  if (named) place(named[1]!, error.message.trim());
  return issues;
}
