/** The decoder, the silence finder and the encoder load with the first trimmer opened. */
export async function loadClip(file: File) {
  const [{ decodeAudio }, { proposeTrim }, { trimmedWavFile }] = await Promise.all([
    import('../../lib/audio/decode'),
    import('../../lib/audio/trim-silence'),
    import('../../lib/audio/wav'),
  ]);
  return { ...(await decodeAudio(file)), proposeTrim, trimmedWavFile };
}

export type LoadedClip = Awaited<ReturnType<typeof loadClip>>;

/**
 * The region as a WAV File, named as before ("Recording 2.wav" stays, "take.mp3" becomes
 * "take.wav"). Cut from the samples the trimmer holds to draw the clip: decoding a long file
 * again would take seconds and as much memory once more. Decoded afresh only where those
 * samples are not there.
 */
export async function trimClip(
  file: File,
  clip: LoadedClip | undefined,
  start: number,
  end: number,
): Promise<File> {
  if (clip?.channels[0]?.length)
    return clip.trimmedWavFile(clip.channels, clip.sampleRate, start, end, file.name);
  const { trimAudio } = await import('../../lib/audio/analyse-audio');
  return trimAudio(file, start, end, file.name);
}
