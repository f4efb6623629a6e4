// The order of names, written without Intl.Collator for the same reason as format-number.ts:
// the first collator a page makes loads locale data (20–30 ms here, four times that on a
// phone), and the voices page would make one while its module loads.

const marks = /\p{M}/gu;
const keys = new Map<string, string>();
const keyLimit = 50_000;

/** Case and accents folded away: "Émile" and "emile" have the same key. */
function foldedKey(text: string): string {
  let key = keys.get(text);
  if (key === undefined) {
    key = text.normalize('NFD').replace(marks, '').toLowerCase();
    if (keys.size >= keyLimit) keys.clear();
    keys.set(text, key);
  }
  return key;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * The order people expect for names: case and accents ignored, digit runs compared as
 * numbers ("Voice 2" before "Voice 10"), like Intl.Collator with `sensitivity: 'base'` and
 * `numeric: true`. Other characters compare by code point.
 */
export function compareNames(a: string, b: string): number {
  const x = foldedKey(a);
  const y = foldedKey(b);
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const cx = x.charCodeAt(i);
    const cy = y.charCodeAt(j);
    if (isDigit(cx) && isDigit(cy)) {
      let endX = i;
      let endY = j;
      while (endX < x.length && isDigit(x.charCodeAt(endX))) endX++;
      while (endY < y.length && isDigit(y.charCodeAt(endY))) endY++;
      const runX = x.slice(i, endX).replace(/^0+(?=\d)/, '');
      const runY = y.slice(j, endY).replace(/^0+(?=\d)/, '');
      const byNumber = runX.length - runY.length || (runX < runY ? -1 : runX > runY ? 1 : 0);
      if (byNumber) return Math.sign(byNumber);
      i = endX;
      j = endY;
      continue;
    }
    if (cx !== cy) return cx < cy ? -1 : 1;
    i++;
    j++;
  }
  return Math.sign(x.length - i - (y.length - j));
}
