import { describe, expect, it } from 'vitest';
import { analyseClip } from './analyse-clip';
import type { ClipReport } from './clip-report';
import {
  clipVerdicts,
  worstVerdict,
  verdictText,
  type ClipMeasure,
  type ClipUse,
} from './clip-verdicts';
import { goodReport } from './test-reports';
import { silence, sine, square } from './test-signals';

const verdictOf = (measure: ClipMeasure, change: Partial<ClipReport>, use: ClipUse = 'voice') =>
  clipVerdicts({ ...goodReport, ...change }, use).find((v) => v.measure === measure)!;

describe('clipVerdicts', () => {
  it('shows every measure of a clean clip as good, with its value and the rule', () => {
    const verdicts = clipVerdicts(goodReport, 'voice');
    expect(verdicts.map((v) => [v.label, v.value, v.verdict])).toEqual([
      ['Duration', '12 s', 'good'],
      ['Peak', '−3.2 dBFS', 'good'],
      ['Loudness', '−18.2 LUFS', 'good'],
      ['Clipping', '0 %', 'good'],
      ['Noise floor', '−68.0 dBFS', 'good'],
      ['Signal-to-noise', '48.5 dB', 'good'],
      ['Silence', '22 %', 'good'],
      ['Format', '48 kHz · mono', 'good'],
    ]);
    expect(verdicts.map((v) => v.threshold)).toEqual([
      'good from 5 to 30 s; unusable under 3 s',
      'good below −0.1 dBFS',
      'good from −26 to −14 LUFS; unusable under −40 LUFS',
      'good up to 0.1 %; unusable above 1 %',
      'good up to −50 dBFS',
      'good from 30 dB; unusable under 20 dB',
      'good under 40 %; unusable above 70 %',
      'good from 16 kHz, mono or stereo; unusable under 8 kHz',
    ]);
    expect(worstVerdict(verdicts)).toBe('good');
  });

  it.each([
    ['duration', { durationS: 2.9 }, 'unusable', /too short.*at least 5 s/i],
    ['duration', { durationS: 3 }, 'fix', /a little short/i],
    ['duration', { durationS: 5 }, 'good', /long enough/i],
    ['duration', { durationS: 30 }, 'good', /long enough/i],
    ['duration', { durationS: 45 }, 'fix', /split it into several clips/],
    ['peak', { peakDbfs: -0.1 }, 'fix', /lower the input gain/],
    ['peak', { peakDbfs: -Infinity }, 'unusable', /microphone is chosen/],
    ['clipping', { clippedShare: 0.001 }, 'good', /no audible clipping/i],
    ['clipping', { clippedShare: 0.0011 }, 'fix', /cut flat/],
    ['clipping', { clippedShare: 0.011 }, 'unusable', /record again/],
    ['loudness', { loudnessLufs: -26 }, 'good', /clear speaking level/],
    ['loudness', { loudnessLufs: -30 }, 'fix', /Move closer to the microphone or raise its gain/i],
    ['loudness', { loudnessLufs: -41 }, 'unusable', /far too quiet/i],
    ['loudness', { loudnessLufs: -Infinity }, 'unusable', /silent/],
    ['loudness', { loudnessLufs: -14 }, 'good', /clear/],
    ['loudness', { loudnessLufs: -12 }, 'fix', /too loud/i],
    ['noise', { noiseFloorDbfs: -50 }, 'good', /quiet background/],
    ['noise', { noiseFloorDbfs: -45 }, 'fix', /quieter room/],
    ['snr', { snrDb: Infinity }, 'good', /well clear/],
    ['snr', { snrDb: 30 }, 'good', /well clear/],
    ['snr', { snrDb: 25 }, 'fix', /noticeable/],
    ['snr', { snrDb: 19.9 }, 'unusable', /barely stands above/],
    ['snr', { snrDb: -Infinity }, 'unusable', /no voice/i],
    // No pauses: the quietest windows are the voice, so a low figure cannot blame the room.
    ['snr', { snrDb: 12, silenceShare: 0.04 }, 'fix', /leave a second of quiet/],
    ['snr', { snrDb: 35, silenceShare: 0 }, 'good', /well clear/],
    ['noise', { noiseFloorDbfs: -30, silenceShare: 0 }, 'fix', /leave a second of quiet/],
    ['noise', { noiseFloorDbfs: -30, silenceShare: 0.05 }, 'fix', /quieter room/],
    ['noise', { noiseFloorDbfs: -70, silenceShare: 0 }, 'good', /quiet background/],
    ['silence', { silenceShare: 0.39 }, 'good', /mostly speech/i],
    ['silence', { silenceShare: 0.4 }, 'fix', /Trim silence/],
    ['silence', { silenceShare: 0.71 }, 'unusable', /mostly silence/i],
    ['format', { sampleRate: 16_000 }, 'good', /standard/],
    ['format', { sampleRate: 11_025 }, 'fix', /44\.1 or 48 kHz/],
    ['format', { sampleRate: 7999 }, 'unusable', /too low/],
    ['format', { channels: 2 }, 'good', /standard/],
    ['format', { channels: 6 }, 'fix', /mono or stereo/],
  ] as const)('%s %o is %s', (measure, change, verdict, reason) => {
    const judged = verdictOf(measure, change);
    expect(judged.verdict).toBe(verdict);
    expect(judged.reason).toMatch(reason);
  });

  it('words the duration advice for the clip’s use', () => {
    expect(verdictOf('duration', { durationS: 1 }).reason).toMatch(/learn the voice from/);
    expect(verdictOf('duration', { durationS: 1 }, 'extend').reason).toMatch(/continue from/);
    expect(verdictOf('duration', { durationS: 40 }, 'extend').reason).toBe(
      'Longer than needed: trim it to the best 30 s or less.',
    );
  });

  it('formats values for display', () => {
    const v = clipVerdicts(
      { ...goodReport, durationS: 4.26, clippedShare: 0.0003, sampleRate: 44_100, channels: 2 },
      'voice',
    );
    expect(v.map((x) => x.value)).toContain('4.3 s');
    expect(v.map((x) => x.value)).toContain('0.03 %');
    expect(v.map((x) => x.value)).toContain('44.1 kHz · stereo');
    expect(verdictOf('snr', { snrDb: Infinity }).value).toBe('∞ dB');
    expect(verdictOf('peak', { peakDbfs: -Infinity }).value).toBe('−∞ dBFS');
  });

  it('shows the noise floor and SNR of a clip without pauses as bounds, never as unusable', () => {
    const rate = 48_000;
    // A steady tone: its quietest windows are as loud as the rest.
    const steady = clipVerdicts(analyseClip([sine(6, rate)], rate), 'voice');
    const snr = steady.find((v) => v.measure === 'snr')!;
    expect(snr.value).toMatch(/^≥ /);
    expect(snr.verdict).toBe('fix');
    expect(steady.find((v) => v.measure === 'noise')!.value).toMatch(/^≤ /);
  });

  it('finds a full-scale square wave unusable, and silence unusable and silent', () => {
    const rate = 48_000;
    const clipped = clipVerdicts(analyseClip([square(8, rate)], rate), 'voice');
    expect(clipped.find((v) => v.measure === 'clipping')!.verdict).toBe('unusable');
    expect(worstVerdict(clipped)).toBe('unusable');

    const quiet = clipVerdicts(analyseClip([silence(8, rate)], rate), 'extend');
    expect(worstVerdict(quiet)).toBe('unusable');
    const unusable = quiet.filter((v) => v.verdict === 'unusable').map((v) => v.measure);
    expect(unusable).toEqual(['peak', 'loudness', 'snr', 'silence']);
    expect(quiet.find((v) => v.measure === 'loudness')!.reason).toMatch(/silent/);
  });
});

describe('worstVerdict and verdictText', () => {
  it('ranks unusable over fix over good, and nothing as good', () => {
    expect(worstVerdict([{ verdict: 'fix' }, { verdict: 'good' }])).toBe('fix');
    expect(worstVerdict([{ verdict: 'fix' }, { verdict: 'unusable' }, { verdict: 'good' }])).toBe(
      'unusable',
    );
    expect(worstVerdict([])).toBe('good');
  });

  it('names each verdict in plain words', () => {
    expect(['good', 'fix', 'unusable'].map((v) => verdictText(v as 'good'))).toEqual([
      'Good',
      'Fix this',
      'Unusable',
    ]);
  });
});
