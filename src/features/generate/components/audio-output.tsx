import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import type { MediaItem } from '../extract-media';
import { DownloadLink } from './download-link';
import { downloadName } from './download-name';

/** One audio output in the shared waveform player, with a Download link. */
export function AudioOutput({ audio, label, n }: { audio: MediaItem; label: string; n: number }) {
  const name = `${label} audio ${n}`;
  return (
    <div className="flex items-center gap-3 rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
      <WaveformPlayer src={audio.url} label={name} className="flex-1" />
      <DownloadLink item={audio} name={name} fileName={downloadName(audio, label, n)} />
    </div>
  );
}
