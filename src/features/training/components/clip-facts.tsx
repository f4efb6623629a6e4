import { formatBytes, formatDuration } from '../../../lib/format-duration';
import { formatDbfs } from '../audio-analysis';
import type { MediaCheck } from '../probes';

/** "0:06 · 96 kB · -12.3 dBFS RMS · peak -6.0 dBFS": what the browser measured. */
export function ClipFacts({
  check,
  checking,
  size,
}: {
  check?: MediaCheck;
  checking: boolean;
  size: number;
}) {
  const facts = [formatBytes(size)];
  if (check?.durationS !== undefined)
    facts.unshift(formatDuration(check.durationS) + formatTenths(check.durationS));
  if (check?.levels) {
    facts.push(`${formatDbfs(check.levels.rmsDbfs)} RMS`);
    facts.push(`peak ${formatDbfs(check.levels.peakDbfs)}`);
  }
  return (
    <p className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
      {checking ? 'Measuring… · ' : ''}
      {facts.join(' · ')}
      {check?.error && (
        <span className="text-amber-700 dark:text-amber-300">
          {' '}
          · could not measure ({check.error})
        </span>
      )}
    </p>
  );
}

/** Short clips need the tenths: "0:04.6" tells why a 4.6 s clip is under 5 s. */
function formatTenths(seconds: number) {
  return seconds < 60 ? `.${Math.floor((seconds * 10) % 10)}` : '';
}
