/** A query object as the service reads it: empty values left out, arrays as repeated names. */
export function toSearchParams(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  return search.toString();
}
