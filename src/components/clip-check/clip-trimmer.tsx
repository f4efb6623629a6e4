import { useQuery } from '@tanstack/react-query';
import { sourceKey } from '../waveform/media-source';
import { loadClip, trimClip } from './trim-clip';
import { TrimEditor } from './trim-editor';
import { TrimWaveform } from './trim-waveform';

/**
 * The trimmer for one clip: decodes it, shows the waveform with a region, and on Apply hands
 * back the region re-encoded as a WAV File of the same name (what gets uploaded).
 */
export function ClipTrimmer({
  file,
  onTrimmed,
  onClose,
}: {
  file: File;
  onTrimmed: (trimmed: File) => void;
  onClose: () => void;
}) {
  const decoded = useQuery({
    queryKey: ['clip-check', 'decoded', sourceKey(file)] as const,
    queryFn: () => loadClip(file),
    staleTime: Infinity,
    // The samples are large: let them go as soon as the trimmer closes.
    gcTime: 0,
    retry: false,
  });

  let body;
  if (decoded.isPending) {
    body = (
      <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
        Reading {file.name}…
      </p>
    );
  } else if (decoded.isError) {
    body = (
      <div className="space-y-2">
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          The browser could not read {file.name} to trim it ({decoded.error.message}).
        </p>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md px-2 py-1 text-xs font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          Cancel
        </button>
      </div>
    );
  } else {
    const clip = decoded.data;
    const { channels, sampleRate, proposeTrim } = clip;
    const duration = (channels[0]?.length ?? 0) / sampleRate;
    body = (
      <TrimEditor
        name={file.name}
        duration={duration}
        proposeTrim={() => {
          const proposal = proposeTrim(channels, sampleRate);
          return proposal && { start: proposal.startS, end: proposal.endS };
        }}
        apply={async ({ start, end }) => onTrimmed(await trimClip(file, clip, start, end))}
        onCancel={onClose}
        renderWaveform={(region, onChange) => (
          <TrimWaveform
            file={file}
            name={file.name}
            channels={channels}
            duration={duration}
            region={region}
            onRegionChange={onChange}
          />
        )}
      />
    );
  }
  return body;
}
