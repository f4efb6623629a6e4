// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { proposeTrim } from './trim-silence';
import { concat, mix, noise, silence, sine } from './test-signals';

const rate = 44_100;
/** Speech-like: a tone over room noise, with `lead` and `tail` seconds of the room alone. */
function take(lead: number, speech: number, tail: number, noiseDbfs = -65) {
  const voice = concat(
    silence(lead, rate),
    sine(speech, rate, { rmsDbfs: -20 }),
    silence(tail, rate),
  );
  return mix(voice, noise(lead + speech + tail, rate, noiseDbfs));
}

describe('proposeTrim', () => {
  it('keeps the speech and 150 ms either side of it', () => {
    const trim = proposeTrim([take(1.5, 4, 2)], rate);
    expect(trim!.startS).toBeCloseTo(1.35, 1);
    expect(trim!.endS).toBeCloseTo(5.65, 1);
  });

  it('finds the speech in a noisy room too', () => {
    const trim = proposeTrim([take(1, 3, 1, -42)], rate);
    expect(trim!.startS).toBeCloseTo(0.85, 1);
    expect(trim!.endS).toBeCloseTo(4.15, 1);
  });

  it('keeps the pauses between words', () => {
    const words = concat(
      sine(0.5, rate, { rmsDbfs: -20 }),
      silence(1, rate),
      sine(0.5, rate, { rmsDbfs: -24 }),
    );
    const signal = concat(silence(1, rate), words, silence(1, rate));
    const trim = proposeTrim([signal, signal], rate);
    expect(trim!.startS).toBeCloseTo(0.85, 1);
    expect(trim!.endS).toBeCloseTo(3.15, 1);
  });

  it('trims a click before the speech away with the silence', () => {
    const signal = take(1.5, 3, 0.5);
    signal.fill(0.8, Math.round(0.3 * rate), Math.round(0.31 * rate)); // 10 ms click
    expect(proposeTrim([signal], rate)!.startS).toBeCloseTo(1.35, 1);
  });

  it('trims to short sounds when there is nothing longer, as a beeping test microphone gives', () => {
    // 20 ms beeps every 0.5 s from 1 s to 3 s, in a 4.5 s clip.
    const beep = () => sine(0.02, rate, { hz: 400, rmsDbfs: -20 });
    const beeps = [1, 1.5, 2, 2.5, 3].flatMap((_, i) => [
      beep(),
      silence(i < 4 ? 0.48 : 1.48, rate),
    ]);
    const trim = proposeTrim([concat(silence(1, rate), ...beeps)], rate);
    expect(trim!.startS).toBeCloseTo(0.85, 1);
    expect(trim!.endS).toBeCloseTo(3.17, 1);
  });

  it('proposes nothing when the silence either side is short', () => {
    // 0.1 s each side: less than the padding, so nothing would be cut.
    expect(proposeTrim([take(0.1, 3, 0.1)], rate)).toBeNull();
    // 0.2 s each side: 0.05 s would go from each end, 0.1 s in all.
    expect(proposeTrim([take(0.2, 3, 0.2)], rate)).toBeNull();
    // 0.4 s at the start alone: 0.25 s would go.
    expect(proposeTrim([take(0.4, 3, 0)], rate)).toBeNull();
    expect(proposeTrim([take(0.6, 3, 0)], rate)).not.toBeNull();
  });

  it('proposes nothing for silence, or for no samples at all', () => {
    expect(proposeTrim([silence(3, rate)], rate)).toBeNull();
    expect(proposeTrim([new Float32Array(0)], rate)).toBeNull();
    expect(proposeTrim([], rate)).toBeNull();
  });

  it('proposes nothing for a clip without a sample rate', () => {
    const signal = take(1.5, 3, 1.5);
    expect(proposeTrim([signal], 0)).toBeNull();
    expect(proposeTrim([signal], -rate)).toBeNull();
  });

  it('never proposes a bound outside the clip', () => {
    // Speech right at the start: the padding cannot reach before 0 s.
    const early = proposeTrim([take(0.05, 3, 1.5)], rate);
    expect(early!.startS).toBe(0);
    expect(early!.endS).toBeCloseTo(3.2, 1);
    // Speech to the very end: the padding cannot reach past it.
    const late = proposeTrim([take(1.5, 3, 0)], rate);
    expect(late!.startS).toBeCloseTo(1.35, 1);
    expect(late!.endS).toBe(4.5);
  });

  it('keeps speech that starts with the clip, and a first syllable before a pause', () => {
    const voice = concat(
      sine(0.15, rate, { rmsDbfs: -20 }),
      silence(1, rate),
      sine(2, rate, { rmsDbfs: -20 }),
      silence(1.5, rate),
    );
    const trim = proposeTrim([mix(voice, noise(4.65, rate, -65))], rate);
    expect(trim!.startS).toBe(0);
    expect(trim!.endS).toBeCloseTo(3.3, 1);
  });

  it('finds speech that runs to the very end, past a click before it', () => {
    const signal = take(2, 0.15, 0);
    signal.fill(0.8, Math.round(0.5 * rate), Math.round(0.51 * rate)); // 10 ms click
    const trim = proposeTrim([signal], rate);
    expect(trim!.startS).toBeCloseTo(1.85, 2);
    expect(trim!.endS).toBe(2.15);
  });

  it('keeps a single short sound, padded, when it is all there is', () => {
    const signal = concat(
      silence(1, rate),
      sine(0.05, rate, { hz: 400, rmsDbfs: -20 }),
      silence(2, rate),
    );
    const trim = proposeTrim([signal], rate);
    expect(trim!.startS).toBeCloseTo(0.85, 2);
    expect(trim!.endS).toBeCloseTo(1.2, 2);
  });

  it('keeps a single syllable-long sound, padded, when it is all there is', () => {
    const signal = concat(
      silence(1, rate),
      sine(0.15, rate, { hz: 400, rmsDbfs: -20 }),
      silence(2, rate),
    );
    const trim = proposeTrim([signal], rate);
    expect(trim!.startS).toBeCloseTo(0.85, 2);
    expect(trim!.endS).toBeCloseTo(1.3, 2);
  });
});
