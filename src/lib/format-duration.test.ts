// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatBitrate, formatBytes, formatDuration, formatSampleRate } from './format-duration';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [3, '0:03'],
    [3.99, '0:03'],
    [62, '1:02'],
    [599, '9:59'],
    [3599, '59:59'],
    [3723, '1:02:03'],
    [36000, '10:00:00'],
    [-0.01, '0:00'],
    [NaN, '-:--'],
    [Infinity, '-:--'],
  ])('%s s is %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1234, '1.2 kB'],
    [1_200_000, '1.2 MB'],
    [999_960, '1 MB'],
    [5_000_000_000, '5 GB'],
    [-1, '—'],
  ])('%s is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('formatBitrate', () => {
  it.each([
    [128_000, '128 kbps'],
    [64_000, '64 kbps'],
    [1_411_200, '1.4 Mbps'],
    [800, '800 bps'],
    [NaN, '—'],
  ])('%s is %s', (bps, text) => {
    expect(formatBitrate(bps)).toBe(text);
  });
});

describe('formatSampleRate', () => {
  it.each([
    [44_100, '44.1 kHz'],
    [48_000, '48 kHz'],
    [22_050, '22.05 kHz'],
    [8_000, '8 kHz'],
    [500, '500 Hz'],
  ])('%s is %s', (hz, text) => {
    expect(formatSampleRate(hz)).toBe(text);
  });
});
