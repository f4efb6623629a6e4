import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders';
import type { Pcm } from './pcm';
import { resample } from './resample';
import { encodeWav } from './wav';

export type AudioFormat = 'wav' | 'mp3' | 'ogg';

export interface EncodedAudio {
  bytes: Uint8Array;
  format: AudioFormat;
  contentType: 'audio/wav' | 'audio/mpeg' | 'audio/ogg';
  /** The rate actually encoded: the requested one, or the nearest the codec supports. */
  sampleRate: number;
  channels: 1;
  /** Bits per second of the encoded stream, from its size and duration. */
  bitrate: number;
  durationMs: number;
}

const CONTENT_TYPES = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg' } as const;

// LAME encodes only the MPEG-1/2/2.5 rates. libvorbis accepts any rate but has tuned
// setups only for these as well, so Ogg uses the same list.
const CODEC_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type CodecRate = (typeof CODEC_RATES)[number];

/** The supported rate closest to `rate` (the higher one on a tie). */
export function nearestCodecRate(rate: number): CodecRate {
  return CODEC_RATES.reduce((best, candidate) =>
    Math.abs(candidate - rate) <= Math.abs(best - rate) ? candidate : best,
  );
}

// Constant bit rate keeps the size predictable and the MP3 easy to measure. MPEG-2 and 2.5
// (the low rates) top out below MPEG-1's rates, and speech needs little anyway.
function mp3Kbps(rate: CodecRate): 32 | 64 | 128 {
  if (rate >= 32000) return 128;
  return rate >= 16000 ? 64 : 32;
}

// One encoder of each kind, compiled once (~20 ms each) and reconfigured per call. A call
// configures, encodes and finalizes without awaiting, so calls never interleave.
let mp3Encoder: ReturnType<typeof createMp3Encoder> | null = null;
let oggEncoder: ReturnType<typeof createOggEncoder> | null = null;

function collect(chunks: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

// Feeding the encoders a bounded chunk at a time keeps their WebAssembly heap small even
// for minutes of audio. They own the buffers they return (until the next call): copy each.
const CHUNK_SAMPLES = 1 << 16;

function encodeChunked(
  encoder: { encode(samples: readonly Float32Array[]): Uint8Array; finalize(): Uint8Array },
  samples: Float32Array,
): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < samples.length; start += CHUNK_SAMPLES) {
    chunks.push(encoder.encode([samples.subarray(start, start + CHUNK_SAMPLES)]).slice());
  }
  chunks.push(encoder.finalize().slice());
  return collect(chunks);
}

async function encodeCompressed(pcm: Pcm, format: 'mp3' | 'ogg'): Promise<Uint8Array> {
  const rate = pcm.sampleRate as CodecRate;
  if (format === 'mp3') {
    mp3Encoder ??= createMp3Encoder();
    const encoder = await mp3Encoder;
    encoder.configure({
      channels: 1,
      sampleRate: rate,
      outputSampleRate: rate,
      bitrate: mp3Kbps(rate),
    });
    return encodeChunked(encoder, pcm.samples);
  }
  oggEncoder ??= createOggEncoder();
  const encoder = await oggEncoder;
  encoder.configure({ channels: 1, sampleRate: rate, vbrQuality: 3 });
  return encodeChunked(encoder, pcm.samples);
}

/** Encodes mono PCM as WAV (16-bit), MP3 (CBR) or Ogg Vorbis at (about) `sampleRate`. */
export async function encodeAudio(
  pcm: Pcm,
  options: { format: AudioFormat; sampleRate: number },
): Promise<EncodedAudio> {
  const { format } = options;
  const wanted = Math.round(options.sampleRate);
  const audio = resample(pcm, format === 'wav' ? wanted : nearestCodecRate(wanted));
  const bytes = format === 'wav' ? encodeWav(audio) : await encodeCompressed(audio, format);
  const durationS = audio.samples.length / audio.sampleRate;
  return {
    bytes,
    format,
    contentType: CONTENT_TYPES[format],
    sampleRate: audio.sampleRate,
    channels: 1,
    bitrate: durationS > 0 ? Math.round((bytes.length * 8) / durationS) : 0,
    durationMs: Math.round(durationS * 1000),
  };
}
