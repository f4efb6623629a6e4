/**
 * Where to go after signing in: a path on this site, else `/`. `//host` and `/\host` are
 * refused because browsers read both as another site (an open redirect); so are control
 * characters, which some browsers strip before reading the rest.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/')) return '/';
  if (next.startsWith('//') || next.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(next) || next.length > 2000) return '/';
  return next;
}
