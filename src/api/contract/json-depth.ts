/**
 * How deep a JSON body may nest. The API's requests nest a few levels; a body nested thousands
 * deep is only a way to exhaust a recursive reader's stack. Every JSON body the gateway and
 * the emulator read is checked against it first.
 */
export const maxJsonDepth = 64;

/** The rule, as an error message names it. */
export const jsonDepthRule = `must not nest arrays and objects more than ${maxJsonDepth} levels deep`;

/**
 * Whether `value` nests arrays and objects deeper than `limit` levels (a bare object or array
 * is one level). Walks with a list rather than recursion, so any depth is safe to test.
 */
export function nestsDeeperThan(value: unknown, limit = maxJsonDepth): boolean {
  const pending: { value: object; depth: number }[] = [];
  if (typeof value === 'object' && value !== null) pending.push({ value, depth: 1 });
  while (pending.length > 0) {
    const { value: node, depth } = pending.pop()!;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null)
        pending.push({ value: child as object, depth: depth + 1 });
    }
  }
  return false;
}
