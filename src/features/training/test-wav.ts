/** A mono 16-bit PCM WAV of a sine, for tests. */
export function makeWav({
  seconds,
  sampleRate = 8000,
  amplitude = 0.5,
}: {
  seconds: number;
  sampleRate?: number;
  amplitude?: number;
}): Uint8Array {
  const samples = Math.round(seconds * sampleRate);
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++)
    view.setInt16(
      44 + i * 2,
      Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)),
      true,
    );
  return new Uint8Array(buffer);
}
