import { readFileSync } from 'node:fs';

/** The machine-wide CPU counters of /proc/stat's first line, in clock ticks. */
interface CpuTicks {
  total: number;
  steal: number;
}

/**
 * Reads /proc/stat's `cpu` line: user nice system idle iowait irq softirq steal … (guest time is
 * already counted in user and nice, so it is left out of the total). Null off Linux.
 */
function readCpuTicks(): CpuTicks | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const fields = line.trim().split(/\s+/);
    if (fields[0] !== 'cpu') return null;
    const ticks = fields.slice(1, 9).map(Number);
    if (ticks.length < 8 || ticks.some((n) => !Number.isFinite(n))) return null;
    return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7]! };
  } catch {
    return null;
  }
}

const percent = (from: CpuTicks, to: CpuTicks) =>
  to.total > from.total ? ((to.steal - from.steal) / (to.total - from.total)) * 100 : null;

const SAMPLE_MS = 5_000;

export interface StealShare {
  /** Percent of CPU time stolen over the whole interval. */
  mean: number;
  /** The highest share over any 5 s sample: a spike is what moves a p99 or a long task. */
  peak: number;
}

/**
 * Starts counting the share of CPU time the hypervisor gave to other guests (steal). On a
 * shared virtual machine wall-clock figures follow it, so each module's result carries it.
 * `stop()` returns it, or null where /proc/stat cannot be read.
 */
export function startStealMeter(): { stop: () => StealShare | null } {
  const start = readCpuTicks();
  let last = start;
  let lastAt = Date.now();
  let peak = 0;
  const sample = () => {
    const now = readCpuTicks();
    const share = last && now ? percent(last, now) : null;
    if (share !== null) peak = Math.max(peak, share);
    last = now;
    lastAt = Date.now();
  };
  const timer = setInterval(sample, SAMPLE_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      // A last sample only when long enough: over a few ticks one tick is a large share.
      if (Date.now() - lastAt >= 1_000) sample();
      const end = readCpuTicks();
      const mean = start && end ? percent(start, end) : null;
      if (mean === null) return null;
      const round = (n: number) => Math.round(n * 10) / 10;
      return { mean: round(mean), peak: round(Math.max(peak, mean)) };
    },
  };
}
