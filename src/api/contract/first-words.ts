// No zod here: pages that name what they import into the history load no schema for it.

/** An entry's name from a prompt or text: its first words, enough to recognise it in a list. */
export function firstWords(value: string, maxChars = 60): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.slice(0, maxChars);
  // Cut at the last whole word, unless that would drop more than half of what fits.
  const space = flat[maxChars] === ' ' ? maxChars : cut.lastIndexOf(' ');
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
