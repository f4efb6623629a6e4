import type { z } from 'zod';

/** Every issue as `field: rule`, so a bad parameter is named with what it must be. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      return field && !issue.message.startsWith(field)
        ? `${field}: ${issue.message}`
        : issue.message;
    })
    .join('; ');
}
