import type { z } from 'zod';

/** Inputs longer than this are not echoed back: the point is a hint, not a copy of the body. */
const MAX_ECHO_LENGTH = 60;

/** `['parameters', 'reference_image_urls', 0]` → `parameters.reference_image_urls[0]`. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    const name = String(segment);
    return text ? `${text}.${name}` : name;
  }, '');
}

function echo(input: unknown): string {
  if (typeof input === 'number' || typeof input === 'boolean' || input === null)
    return ` (got ${String(input)})`;
  if (typeof input === 'string' && input.length <= MAX_ECHO_LENGTH)
    return ` (got ${JSON.stringify(input)})`;
  return '';
}

/**
 * One issue as `field: rule (got value)`. The contract's messages already start with the
 * field name ("speed must be between 0.5 and 2.0"), so the name is not repeated.
 */
export function describeIssue(issue: z.core.$ZodIssue, location: string): string {
  const field = issuePath(issue.path) || location;
  let rule = issue.message;
  if (rule.startsWith(`${field} `)) rule = rule.slice(field.length + 1);
  else if (/^[A-Z][a-z]/.test(rule)) rule = rule[0]!.toLowerCase() + rule.slice(1);
  return `${field}: ${rule}${echo(issue.input)}`;
}

/**
 * Every issue in one message, e.g. `speed: must be between 0.5 and 2.0 (got 2.5); format:
 * must be one of mp3, wav, ogg (got "flac")`. Parse with `{ reportInput: true }` to get the values.
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], location: string): string {
  return [...new Set(issues.map((issue) => describeIssue(issue, location)))].join('; ');
}
