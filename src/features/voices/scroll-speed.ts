/**
 * The speed of the list's scroll, in px per ms, from the offsets the virtualizer reports as its
 * rows change. A scroll that has just started counts as still: a single jump, such as the
 * keyboard moving to a far card, is not a fast scroll, and neither is a slow one whose rows
 * change less often than every `gapMs`. The gap is wide enough for a slow phone, whose frames
 * come 150 to 250 ms apart while a fling mounts rows: its fling counts as fast too.
 */
export function createScrollSpeed(gapMs = 250) {
  let last: { offset: number; at: number } | null = null;
  let speed = 0;
  return function sample(offset: number, scrolling: boolean, at: number): number {
    if (!scrolling) {
      last = null;
      speed = 0;
      return 0;
    }
    // Two reports in the same instant (a row measured during a scroll) say nothing of speed.
    if (last && at === last.at) return speed;
    if (last && at - last.at <= gapMs) {
      const current = Math.abs(offset - last.offset) / (at - last.at);
      // Averaged with the last figure, so uneven wheel and touch events do not flicker it.
      speed = speed === 0 ? current : (speed + current) / 2;
    } else {
      speed = 0;
    }
    last = { offset, at };
    return speed;
  };
}
