import { formatBitrate, formatBytes, formatSampleRate } from '../../../lib/format-duration';
import { formatSeconds } from '../format-seconds';

const channelNames: Record<number, string> = { 1: 'Mono', 2: 'Stereo' };

export interface AudioFactValues {
  /** Seconds. */
  durationS?: number;
  /** Hz. */
  sampleRate?: number;
  channels?: number;
  /** Bits per second. */
  bitrate?: number;
  /** Bytes. */
  size?: number;
  format?: string;
  traceId?: string | null;
}

/** The facts the service reported about a piece of audio, in units people read. */
export function AudioFacts({ facts, label }: { facts: AudioFactValues; label: string }) {
  const rows: [string, string][] = [];
  if (facts.durationS !== undefined) rows.push(['Duration', formatSeconds(facts.durationS)]);
  if (facts.sampleRate !== undefined)
    rows.push(['Sample rate', formatSampleRate(facts.sampleRate)]);
  if (facts.channels !== undefined)
    rows.push(['Channels', channelNames[facts.channels] ?? String(facts.channels)]);
  if (facts.bitrate !== undefined) rows.push(['Bitrate', formatBitrate(facts.bitrate)]);
  if (facts.size !== undefined) rows.push(['Size', formatBytes(facts.size)]);
  if (facts.format) rows.push(['Format', facts.format.toUpperCase()]);
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{name}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
      {facts.traceId && (
        <div className="col-span-full">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Trace ID</dt>
          <dd>
            <code className="text-xs break-all select-all">{facts.traceId}</code>
          </dd>
        </div>
      )}
    </dl>
  );
}
