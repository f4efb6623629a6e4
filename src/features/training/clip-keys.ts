const keys = new WeakMap<File, number>();
let nextKey = 1;

/** A React key for a clip's card: stable for the same File, and carried over to its trim. */
export function clipKey(file: File): number {
  let key = keys.get(file);
  if (key === undefined) keys.set(file, (key = nextKey++));
  return key;
}

/** The trimmed clip takes the place of its original: same card, so the focus stays in it. */
export function carryClipKey(from: File, to: File) {
  keys.set(to, clipKey(from));
}
