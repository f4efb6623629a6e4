/**
 * The part of a kept take's audio a `Range` asks for. Browsers seek in <audio> only when the
 * server answers ranges: without 206 the element reports nothing seekable and snaps to 0.
 * One `bytes=` range (`a-b`, `a-`, `-n`); anything else is served whole, as RFC 9110 allows.
 * (The emulator answers ranges for its own media; the two keep apart and share only the contract.)
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  const [, from = '', to = ''] = match;
  if (from === '') {
    const suffix = Number(to);
    return suffix === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (to !== '' && Number(to) < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
}
