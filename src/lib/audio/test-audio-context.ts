import { vi } from 'vitest';
import { readWav } from './test-wav-decoder';

/** What a fake context has been asked to do, so a test can tell a decode or a copy happened. */
export interface DecoderCalls {
  decodes: number;
  /** Channel copies out of decoded buffers (copyFromChannel). */
  copies: number;
}

/**
 * An OfflineAudioContext for jsdom (which has no Web Audio), as far as decoding goes: it reads
 * 16-bit WAV with readWav and counts decodes and channel copies. Install it with
 * `vi.stubGlobal('OfflineAudioContext', context.OfflineAudioContext)`, or use installFakeDecoder.
 */
export function fakeOfflineAudioContext() {
  const calls: DecoderCalls = { decodes: 0, copies: 0 };
  class FakeOfflineAudioContext {
    async decodeAudioData(bytes: ArrayBuffer) {
      calls.decodes++;
      const { channels, sampleRate } = await readWav(new Blob([bytes]));
      const length = channels[0]?.length ?? 0;
      return {
        numberOfChannels: channels.length,
        length,
        sampleRate,
        duration: length / sampleRate,
        copyFromChannel(destination: Float32Array, channel: number) {
          calls.copies++;
          destination.set(channels[channel]!.subarray(0, destination.length));
        },
      };
    }
  }
  return { OfflineAudioContext: FakeOfflineAudioContext, calls };
}

/** Installs a fake OfflineAudioContext (undone by vi.unstubAllGlobals) and returns its calls. */
export function installFakeDecoder(): DecoderCalls {
  const context = fakeOfflineAudioContext();
  vi.stubGlobal('OfflineAudioContext', context.OfflineAudioContext);
  return context.calls;
}
