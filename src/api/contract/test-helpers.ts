import type { z } from 'zod';

/** A failed parse as `path: message` pairs (path joined with dots), or [] when it passes. */
export function issuesOf(schema: z.ZodType, value: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** Only the paths, for assertions that do not care about wording. */
export function issuePaths(schema: z.ZodType, value: unknown): string[] {
  return issuesOf(schema, value).map((issue) => issue.path);
}
