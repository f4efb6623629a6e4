import { formatDuration } from '../../lib/format-duration';

/**
 * "1.24 s", "12.4 s", "1:02 (62.4 s)": speech clips are often a few seconds long, where a
 * player clock ("0:01") would hide most of the length.
 */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const precise = `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
  return seconds < 60 ? precise : `${formatDuration(seconds)} (${precise})`;
}
