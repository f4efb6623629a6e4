/** How many cards of at least `minWidth` fit a row of `width` with `gap` between them. */
export function gridColumns(width: number, minWidth: number, gap: number): number {
  if (!(width > 0)) return 1;
  return Math.max(1, Math.floor((width + gap) / (minWidth + gap)));
}

/**
 * Where a key moves focus in a grid of `count` cards laid out `columns` per row: Left/Right
 * by one (across row ends), Up/Down by a row, Home/End to the ends. Down from a row above a
 * shorter last row lands on the last card. Undefined for keys the grid does not handle; the
 * same index at an edge (the key is still consumed so the page does not scroll instead).
 */
export function nextGridIndex(
  key: string,
  index: number,
  count: number,
  columns: number,
): number | undefined {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, last);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'ArrowDown': {
      const lastRow = Math.floor(last / columns);
      return Math.floor(index / columns) < lastRow ? Math.min(index + columns, last) : index;
    }
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}
