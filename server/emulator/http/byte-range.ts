/** An inclusive byte range of a resource of known size. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A single `Range: bytes=…` (RFC 9110 §14.1.2): `a-b`, open `a-` and suffix `-n`.
 * Returns null to serve the whole resource (no header, another unit, several ranges or a
 * malformed value: all allowed to be ignored) and 'unsatisfiable' for a 416.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // Suffix: the last n bytes; n = 0 selects nothing.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Whether an If-None-Match list matches an ETag (weak comparison, `*` matches any). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}
