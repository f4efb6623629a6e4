import { useEffect, useEffectEvent } from 'react';
import { preloadClipCheck } from '../../../components/clip-check/clip-check-loaders';
import { RecordClipButton } from '../../../components/recorder/record-clip-button';
import { carryClipKey, clipKey } from '../clip-keys';
import { forgetClip, markRecorded, replaceClip, restoreRecordings } from '../kept-clips';
import { FileDrop } from './file-drop';
import { VoiceClipCard, type ClipView } from './voice-clip-card';

interface LocalClipsFieldProps {
  clips: readonly File[];
  onChange: (next: File[]) => void;
  /** The clips as they are now, for what resolves later (kept recordings restored, a trim). */
  currentClips: () => File[];
  clipView: (file: File) => ClipView;
  error?: string | undefined;
  disabled: boolean;
}

/**
 * The voice form's local clips: dropped or picked files and kept recordings, each with its
 * report, trimmer and Remove. A recording stays kept in the browser until removed or used.
 */
export function LocalClipsField({
  clips,
  onChange,
  currentClips,
  clipView,
  error,
  disabled,
}: LocalClipsFieldProps) {
  // Recordings kept in the browser come back after a reload. StrictMode's second run of the
  // effect cancels the first, and a recording the form holds already (a stopped start's copy)
  // is not added again; another take that only shares its name is.
  const restore = useEffectEvent((kept: File[]) => {
    const current = currentClips();
    const missing = kept.filter((file) => !current.some((held) => sameFile(held, file)));
    if (missing.length > 0) onChange([...current, ...missing]);
  });
  useEffect(() => {
    let cancelled = false;
    void restoreRecordings().then((kept) => cancelled || restore(kept));
    return () => {
      cancelled = true;
    };
  }, []);

  // The report views load while the first clip is measured, so its report shows when ready.
  const hasClips = clips.length > 0;
  useEffect(() => {
    if (hasClips) preloadClipCheck();
  }, [hasClips]);

  // A trim finishes a moment after Apply, when clips may have been removed or added: its clip is
  // found by identity among the clips as they are then, and the trim of a removed clip is dropped.
  const replace = (previous: File, trimmed: File) => {
    const current = currentClips();
    if (!current.includes(previous)) return;
    // Same card for the trimmed clip, so the focus stays where it was.
    carryClipKey(previous, trimmed);
    onChange(current.map((file) => (file === previous ? trimmed : file)));
    void replaceClip(previous, trimmed);
  };
  const remove = (removed: File) => {
    onChange(currentClips().filter((file) => file !== removed));
    void forgetClip(removed);
  };

  return (
    <>
      <FileDrop
        label="Reference audio files"
        description="Any audio the browser can play; each is uploaded as an audio input when you start."
        accept="audio/*,.wav,.mp3,.ogg,.flac,.m4a"
        disabled={disabled}
        error={error}
        onFiles={(files) => onChange([...currentClips(), ...files])}
      />
      <div className="flex flex-wrap items-center gap-3">
        <RecordClipButton
          purpose="voice"
          takenNames={clips.map((file) => file.name)}
          disabled={disabled}
          onKeep={(file) => {
            markRecorded(file);
            onChange([...currentClips(), file]);
          }}
        />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Or record with your microphone: a script to read is offered.
        </p>
      </div>
      {/* One clip a row: each card holds a report table and the trimmer, which need the width. */}
      {clips.length > 0 && (
        <ul aria-label="Local clips" className="grid grid-cols-1 items-start gap-3">
          {clips.map((file) => (
            <VoiceClipCard
              key={clipKey(file)}
              file={file}
              view={clipView(file)}
              disabled={disabled}
              onRemove={() => remove(file)}
              onTrimmed={(trimmed) => replace(file, trimmed)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** The same bytes kept twice (a copy in a start): a new take has its own time, if not its size. */
const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
