/*
 * 16-bit PCM WAV: what every service and player accepts, and lossless enough for a voice
 * reference (96 dB of range, far below any microphone's noise).
 */

const headerBytes = 44;
const bytesPerSample = 2;
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Interleaves the channels into a RIFF/WAVE file; samples beyond ±1 are clamped, not wrapped. */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Blob {
  const channelCount = Math.max(1, channels.length);
  const frames = channels.length ? Math.min(...channels.map((c) => c.length)) : 0;
  const dataBytes = frames * channelCount * bytesPerSample;
  const buffer = new ArrayBuffer(headerBytes + dataBytes);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  const rate = Math.round(sampleRate);
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channelCount, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * channelCount * bytesPerSample, true); // bytes per second
  view.setUint16(32, channelCount * bytesPerSample, true); // bytes per frame
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);

  // Samples go through a typed array where the machine is little-endian, as WAV is (every
  // browser's is): a third less time than a DataView call per sample (bench: clip-analysis).
  const pcm = littleEndian ? new Int16Array(buffer, headerBytes, frames * channelCount) : null;
  const frameBytes = channelCount * bytesPerSample;
  channels.forEach((samples, c) => {
    for (let i = 0; i < frames; i++) {
      const x = samples[i]!;
      // NaN becomes silence; the asymmetric scale puts -1 and +1 on the ends of the 16-bit range.
      const clamped = x >= 1 ? 1 : x <= -1 ? -1 : x || 0;
      const value = Math.round(clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff);
      if (pcm) pcm[i * channelCount + c] = value;
      else view.setInt16(headerBytes + i * frameBytes + c * bytesPerSample, value, true);
    }
  });
  return new Blob([buffer], { type: 'audio/wav' });
}

/**
 * The part of each channel between startS and endS (seconds). Bounds outside the clip are pulled
 * in to it, and an end before the start gives empty channels. The result shares no memory with
 * the input.
 */
export function sliceChannels(
  channels: readonly Float32Array[],
  sampleRate: number,
  startS: number,
  endS: number,
): Float32Array[] {
  return channels.map((samples) => {
    const toIndex = (s: number) => {
      const index = Math.round(s * sampleRate);
      return Number.isNaN(index) ? 0 : Math.min(samples.length, Math.max(0, index));
    };
    const start = toIndex(startS);
    return samples.slice(start, Math.max(start, toIndex(endS)));
  });
}

/** "voice.mp3" → "voice.wav": a trimmed clip is a WAV whatever it was before. */
export function wavName(name: string): string {
  return `${name.replace(/\.[^./\\]{1,5}$/, '')}.wav`;
}

/**
 * The part of decoded audio between startS and endS as a 16-bit WAV File named after the
 * original ("Recording 2.wav" stays, "take.mp3" becomes "take.wav"): what a trim uploads.
 */
export function trimmedWavFile(
  channels: readonly Float32Array[],
  sampleRate: number,
  startS: number,
  endS: number,
  name: string,
): File {
  const wav = encodeWav(sliceChannels(channels, sampleRate, startS, endS), sampleRate);
  return new File([wav], wavName(name), { type: 'audio/wav' });
}
