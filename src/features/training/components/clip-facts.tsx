import { formatBytes, formatDuration } from '../../../lib/format-duration';
import type { ClipReport } from '../../../lib/audio/clip-report';

/** "0:06.2 · 96 kB · −18.3 LUFS · peak −6.0 dBFS": what the browser measured, in one line. */
export function ClipFacts({
  report,
  checking,
  error,
  size,
}: {
  report?: ClipReport | undefined;
  checking: boolean;
  error?: string | undefined;
  size: number;
}) {
  const facts = [formatBytes(size)];
  if (report) {
    facts.unshift(formatDuration(report.durationS) + formatTenths(report.durationS));
    facts.push(level(report.loudnessLufs, 'LUFS'), `peak ${level(report.peakDbfs, 'dBFS')}`);
  }
  return (
    <p className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
      {checking ? 'Measuring… · ' : ''}
      {facts.join(' · ')}
      {error && (
        <span className="text-amber-700 dark:text-amber-300"> · could not measure ({error})</span>
      )}
    </p>
  );
}

function level(value: number, unit: string) {
  return Number.isFinite(value) ? `${value.toFixed(1).replace('-', '−')} ${unit}` : `−∞ ${unit}`;
}

/** Short clips need the tenths: "0:04.6" tells why a 4.6 s clip is under 5 s. */
function formatTenths(seconds: number) {
  return seconds < 60 ? `.${Math.floor((seconds * 10) % 10)}` : '';
}
