/** Mono audio as floating-point samples in [-1, 1]. */
export interface Pcm {
  samples: Float32Array;
  sampleRate: number;
}

export function pcmDurationS(pcm: Pcm): number {
  return pcm.sampleRate > 0 ? pcm.samples.length / pcm.sampleRate : 0;
}

/** Root mean square level: 0 for silence, ~0.1 for ordinary speech. */
export function pcmRms(pcm: Pcm): number {
  let sum = 0;
  for (const sample of pcm.samples) sum += sample * sample;
  return pcm.samples.length > 0 ? Math.sqrt(sum / pcm.samples.length) : 0;
}
