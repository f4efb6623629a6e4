import type { Pcm } from './pcm';

// Lanczos (windowed-sinc) resampling. Linear interpolation would do for upsampling speech,
// but going down to 8-16 kHz it folds the voice's upper harmonics back as audible aliasing;
// a 3-lobe kernel stretched to the new Nyquist frequency removes them first.
const LOBES = 3;
// Fractional positions are quantized to 1/PHASES of a sample so weights come from a table.
const PHASES = 256;

function lanczos(x: number): number {
  if (x === 0) return 1;
  if (Math.abs(x) >= LOBES) return 0;
  const px = Math.PI * x;
  return (LOBES * Math.sin(px) * Math.sin(px / LOBES)) / (px * px);
}

/** Weights for each phase, normalized so a constant signal keeps its level. */
function kernelTable(scale: number, taps: number, radius: number): Float32Array[] {
  return Array.from({ length: PHASES + 1 }, (_, phase) => {
    const frac = phase / PHASES;
    const weights = new Float32Array(taps);
    let total = 0;
    for (let tap = 0; tap < taps; tap++) {
      const weight = lanczos((tap - radius + 1 - frac) * scale);
      weights[tap] = weight;
      total += weight;
    }
    return weights.map((weight) => weight / total);
  });
}

export function resample(pcm: Pcm, targetRate: number): Pcm {
  const rate = Math.round(targetRate);
  if (!(rate > 0)) throw new RangeError(`invalid sample rate ${targetRate}`);
  if (rate === pcm.sampleRate || pcm.samples.length === 0) {
    return { samples: pcm.samples, sampleRate: rate };
  }
  const input = pcm.samples;
  const step = pcm.sampleRate / rate; // input samples per output sample
  const scale = Math.min(1, 1 / step);
  const radius = Math.ceil(LOBES / scale);
  const taps = radius * 2;
  const table = kernelTable(scale, taps, radius);
  const output = new Float32Array(Math.round(input.length / step));
  for (let i = 0; i < output.length; i++) {
    const position = i * step;
    const center = Math.floor(position);
    const weights = table[Math.round((position - center) * PHASES)] ?? table[0]!;
    const first = center - radius + 1;
    let sum = 0;
    if (first >= 0 && first + taps <= input.length) {
      for (let tap = 0; tap < taps; tap++) sum += input[first + tap]! * weights[tap]!;
    } else {
      // Near the edges the signal is taken as silence outside the buffer.
      for (let tap = 0; tap < taps; tap++) {
        const index = first + tap;
        if (index >= 0 && index < input.length) sum += input[index]! * weights[tap]!;
      }
    }
    output[i] = sum;
  }
  return { samples: output, sampleRate: rate };
}
