// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatDb,
  formatFormat,
  formatLevel,
  formatLufs,
  formatSeconds,
  formatShare,
} from './clip-format';

describe('clip figures', () => {
  it('writes levels with one decimal, a real minus sign, and infinity for silence', () => {
    expect(formatLufs(-18.24)).toBe('−18.2 LUFS');
    expect(formatLevel(-0.04)).toBe('0.0');
    expect(formatLevel(-Infinity)).toBe('−∞');
    expect(formatDb(Infinity)).toBe('∞ dB');
    expect(formatDb(1.84, { signed: true })).toBe('+1.8 dB');
    expect(formatDb(-1.84, { signed: true })).toBe('−1.8 dB');
  });

  it('writes small shares with two decimals and large ones as whole percents', () => {
    expect(formatShare(0)).toBe('0 %');
    expect(formatShare(0.0003)).toBe('0.03 %');
    expect(formatShare(0.012)).toBe('1.2 %');
    expect(formatShare(0.456)).toBe('46 %');
    expect(formatShare(1)).toBe('100 %');
  });

  it('writes durations and formats', () => {
    expect(formatSeconds(7.04)).toBe('7 s');
    expect(formatSeconds(12.36)).toBe('12.4 s');
    expect(formatFormat(44_100, 1)).toBe('44.1 kHz · mono');
    expect(formatFormat(48_000, 2)).toBe('48 kHz · stereo');
    expect(formatFormat(48_000, 6)).toBe('48 kHz · 6 channels');
  });
});
