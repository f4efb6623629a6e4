/**
 * A value made on first use, then kept. For module-level objects that are slow to make and
 * not always needed, such as Intl formatters: the first one a page creates loads locale data,
 * tens of milliseconds on a phone, which would otherwise be spent while its module loads.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
