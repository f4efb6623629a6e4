/** Whether two lists hold the same items in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
}

/**
 * `setState`'s update for a list: the new one, or the one held if it has the same items, so the
 * component and everything under it are not drawn again for nothing (a form reporting its empty
 * lists as it mounts would redraw the page around it while the page is being taken over).
 */
export function keepIfSame<T>(next: T[]): (held: T[]) => T[] {
  return (held) => (sameItems(held, next) ? held : next);
}
