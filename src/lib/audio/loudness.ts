/*
 * Integrated loudness per ITU-R BS.1770-4 (the measure behind EBU R 128 and streaming targets).
 * The standard lists K-weighting coefficients for 48 kHz only; like libebur128 we derive them for
 * any rate from the analogue prototype (a high shelf and a high-pass) by the bilinear transform,
 * with the prototype parameters that reproduce the 48 kHz table.
 */

/** Biquad coefficients, a0 normalised to 1. */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

const shelf = { f0: 1681.974450955533, gainDb: 3.999843853973347, q: 0.7071752369554196 };
const highPass = { f0: 38.13547087602444, q: 0.5003270373238773 };

/** Stage 1: the head's acoustic effect, about +4 dB above 2 kHz. */
export function shelfFilter(sampleRate: number): Biquad {
  const k = Math.tan((Math.PI * shelf.f0) / sampleRate);
  const vh = 10 ** (shelf.gainDb / 20);
  // The exponent places the shelf's midpoint as libebur128 does, matching the 48 kHz table.
  const vb = vh ** 0.4996667741545416;
  const a0 = 1 + k / shelf.q + k * k;
  return {
    b0: (vh + (vb * k) / shelf.q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / shelf.q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / shelf.q + k * k) / a0,
  };
}

/** Stage 2: the "revised low-frequency B" curve, which discounts rumble below about 60 Hz. */
export function highPassFilter(sampleRate: number): Biquad {
  const k = Math.tan((Math.PI * highPass.f0) / sampleRate);
  const a0 = 1 + k / highPass.q + k * k;
  return {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / highPass.q + k * k) / a0,
  };
}

const blockS = 0.4;
/** Blocks overlap by 75 %, so a new one starts every quarter block. */
const stepsPerBlock = 4;
const absoluteGateLufs = -70;
const relativeGateLu = -10;
/** Makes a full-scale 997 Hz sine read -3.01 LUFS, its RMS level, after K-weighting's gain. */
const offsetDb = -0.691;

/**
 * Channel weights: 1.0 for front channels; the surrounds of a 5.1 layout (L R C LFE Ls Rs) count
 * 1.41 and the LFE not at all, as the standard says.
 */
function channelWeights(count: number): number[] {
  if (count === 6) return [1, 1, 1, 0, 1.41, 1.41];
  return Array.from({ length: count }, () => 1);
}

/**
 * K-weighted energy of each quarter block (100 ms step) of one channel: the sum of squares of the
 * filtered samples. Filters run in 64-bit state with no per-sample allocation.
 */
function stepEnergies(samples: Float32Array, sampleRate: number, step: number, steps: number) {
  // Coefficients in locals: the loop below runs for every sample of a clip.
  const { b0: sb0, b1: sb1, b2: sb2, a1: sa1, a2: sa2 } = shelfFilter(sampleRate);
  const { a1: ha1, a2: ha2 } = highPassFilter(sampleRate);
  const energies = new Float64Array(steps);
  // Direct form II transposed state of each stage.
  let s1 = 0;
  let s2 = 0;
  let h1 = 0;
  let h2 = 0;
  for (let j = 0; j < steps; j++) {
    let energy = 0;
    const end = Math.min(samples.length, (j + 1) * step);
    for (let i = j * step; i < end; i++) {
      const x = samples[i]!;
      const y = sb0 * x + s1;
      s1 = sb1 * x - sa1 * y + s2;
      s2 = sb2 * x - sa2 * y;
      // The high-pass numerator is 1, -2, 1.
      const z = y + h1;
      h1 = -2 * y - ha1 * z + h2;
      h2 = y - ha2 * z;
      energy += z * z;
    }
    energies[j] = energy;
  }
  return energies;
}

const toLufs = (meanSquare: number) =>
  meanSquare > 0 ? offsetDb + 10 * Math.log10(meanSquare) : -Infinity;

/**
 * Integrated loudness in LUFS of decoded audio (one Float32Array per channel, equal lengths).
 * -Infinity when every block is gated out (silence, or nothing above -70 LUFS). A clip shorter
 * than one 400 ms block is measured as a single block of its own length rather than not at all.
 */
export function integratedLoudness(channels: readonly Float32Array[], sampleRate: number): number {
  const length = channels[0]?.length ?? 0;
  if (length === 0 || sampleRate <= 0) return -Infinity;
  const step = Math.max(1, Math.round((blockS * sampleRate) / stepsPerBlock));
  const blockLength = step * stepsPerBlock;
  const short = length < blockLength;
  // A short clip is one "step" of its own length: one block.
  const stepLength = short ? length : step;
  const steps = short ? 1 : Math.floor(length / step);
  const stepsInBlock = short ? 1 : stepsPerBlock;
  const blocks = steps - stepsInBlock + 1;

  const weights = channelWeights(channels.length);
  const weighted = new Float64Array(steps);
  channels.forEach((samples, c) => {
    if (weights[c] === 0) return;
    const energies = stepEnergies(samples, sampleRate, stepLength, steps);
    for (let j = 0; j < steps; j++) weighted[j]! += weights[c]! * energies[j]!;
  });

  // Mean square of each block: the sum of its steps' energies over its length.
  const blockMeanSquares = new Float64Array(blocks);
  const samplesPerBlock = stepLength * stepsInBlock;
  for (let b = 0; b < blocks; b++) {
    let sum = 0;
    for (let j = b; j < b + stepsInBlock; j++) sum += weighted[j]!;
    blockMeanSquares[b] = sum / samplesPerBlock;
  }

  const gatedMean = (gateLufs: number) => {
    let sum = 0;
    let count = 0;
    for (const meanSquare of blockMeanSquares)
      if (toLufs(meanSquare) > gateLufs) {
        sum += meanSquare;
        count++;
      }
    return count > 0 ? sum / count : 0;
  };

  const absoluteMean = gatedMean(absoluteGateLufs);
  if (absoluteMean === 0) return -Infinity;
  const relativeGate = toLufs(absoluteMean) + relativeGateLu;
  return toLufs(gatedMean(Math.max(absoluteGateLufs, relativeGate)));
}
