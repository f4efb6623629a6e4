// No zod here: the home page's first chunk compacts readings too.

/** One status reading of a job, as the board and the job page's chart use it. */
export interface Reading {
  at: string;
  status: string;
  progress?: number;
  current_step?: number;
}

const recentReadings = 3;
const timed = (r: Reading) => r.status === 'running' && r.progress !== undefined;

/**
 * The readings a job carries in lists and on the board: the last few (status, progress, the
 * reading a new one is compared with), and the two the ETA's rate is measured from (the first
 * running reading and the last one at its progress). The estimate is then the same as over
 * the whole history, at a constant size. The browser's own store and the gateway's share it.
 */
export function compactReadings<R extends Reading>(readings: readonly R[]): R[] {
  const first = readings.find(timed);
  const anchor = first && readings.findLast((r) => timed(r) && r.progress === first.progress);
  return readings.filter(
    (r, i) => i >= readings.length - recentReadings || r === first || r === anchor,
  );
}
