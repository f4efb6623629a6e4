import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import { AudioFacts, type AudioFactValues } from './audio-facts';
import { DownloadLink } from './download-link';

interface SpeechResultProps {
  /** The audio bytes (sync) or the URL the service serves them at (async). */
  audio: Blob | string;
  fileName: string;
  facts: AudioFactValues;
  /** Who said what, for the player's label. */
  voiceName: string;
}

/** One finished synthesis: play it, save it, and what the service said about it. */
export function SpeechResult({ audio, fileName, facts, voiceName }: SpeechResultProps) {
  return (
    <div className="space-y-4">
      <WaveformPlayer src={audio} label={`Speech by ${voiceName}`} height={72} />
      <div className="flex flex-wrap items-center gap-3">
        <DownloadLink source={audio} fileName={fileName} />
        <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">{fileName}</span>
      </div>
      <AudioFacts facts={facts} label="Audio details" />
    </div>
  );
}
