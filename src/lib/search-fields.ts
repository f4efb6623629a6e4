/**
 * Readers for a route's URL search params. The router needs them before any page loads, so
 * they live in the entry chunk and use no zod (its classic build is the largest library there).
 * Each returns undefined for anything invalid, so a bad value falls back field by field.
 */
export function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

export function text(value: unknown, max: number, min = 0): string | undefined {
  return typeof value === 'string' && value.length >= min && value.length <= max
    ? value
    : undefined;
}

/**
 * A free-text search: cut to `max` characters rather than dropped, so a long pasted query still
 * searches by its start. An empty one is no search.
 */
export function searchText(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value !== '' ? value.slice(0, max) : undefined;
}

export function textList(value: unknown, maxItems: number, maxLength: number) {
  if (!Array.isArray(value) || value.length > maxItems) return undefined;
  return value.every((item) => text(item, maxLength) !== undefined)
    ? (value as string[])
    : undefined;
}

/** The search object without its undefined fields, as zod's optional fields leave them out. */
export function compact<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as T;
}

/**
 * A route's search validator as a Standard Schema, so TanStack Router types links by the input
 * (every field optional, defaults filled in) and pages by the output, as it did with zod.
 */
export interface SearchSchema<T> {
  parse: (search: unknown) => T;
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'media-studio';
    readonly validate: (value: unknown) => { value: T };
    readonly types?: { readonly input: Partial<T>; readonly output: T };
  };
}

export function searchSchema<T>(read: (search: Record<string, unknown>) => T): SearchSchema<T> {
  const parse = (search: unknown) =>
    read(search && typeof search === 'object' ? (search as Record<string, unknown>) : {});
  return {
    parse,
    '~standard': {
      version: 1,
      vendor: 'media-studio',
      validate: (value) => ({ value: parse(value) }),
    },
  };
}
