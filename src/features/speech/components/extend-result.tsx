import type { AudioResult } from '../../../api/contract/voices';
import { WaveformTimeline } from '../../../components/waveform/waveform-timeline';
import { AudioFacts } from './audio-facts';
import { DownloadLink } from './download-link';

interface ExtendResultProps {
  /** The clip that was continued: the local file, or the URL it was fetched from. */
  reference: Blob | string;
  result: AudioResult;
  fileName: string;
  traceId: string | null;
}

/** The reference and its continuation on one timeline, with a marker where they join. */
export function ExtendResult({ reference, result, fileName, traceId }: ExtendResultProps) {
  return (
    <div className="space-y-4">
      <WaveformTimeline
        label="Reference and continuation"
        segments={[
          { src: reference, label: 'Reference' },
          { src: result.audio_url, label: 'Continuation' },
        ]}
      />
      <div className="flex flex-wrap items-center gap-3">
        <DownloadLink source={result.audio_url} fileName={fileName} label="Download continuation" />
        <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">{fileName}</span>
      </div>
      <AudioFacts
        label="Continuation details"
        facts={{
          durationS: result.duration_s,
          sampleRate: result.sample_rate,
          format: result.format,
          traceId,
        }}
      />
    </div>
  );
}
