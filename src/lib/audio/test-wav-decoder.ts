import type { DecodedAudio } from './decode';

/**
 * Reads a 16-bit PCM WAV as encodeWav writes it: the decoder for tests in jsdom, which has no
 * Web Audio. Reads the header rather than assuming it, so a wrong header fails the test.
 */
export async function readWav(blob: Blob): Promise<DecodedAudio> {
  const view = new DataView(await blob.arrayBuffer());
  const channelCount = view.getUint16(22, true);
  const sampleRate = view.getUint32(24, true);
  if (view.getUint16(34, true) !== 16) throw new Error('Not 16-bit PCM');
  const frames = view.getUint32(40, true) / (2 * channelCount);
  const channels = Array.from({ length: channelCount }, (_, c) =>
    Float32Array.from({ length: frames }, (_, i) => {
      const v = view.getInt16(44 + (i * channelCount + c) * 2, true);
      return v < 0 ? v / 0x8000 : v / 0x7fff;
    }),
  );
  return { channels, sampleRate };
}
