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

  it('explains each good measure', () => {
    expect(clipVerdicts(goodReport, 'voice').map((v) => v.reason)).toEqual([
      'Long enough for a few sentences, short enough to upload quickly.',
      'Peaks stay below full scale.',
      'A clear speaking level.',
      'No audible clipping.',
      'A quiet background.',
      'The voice stands well clear of the background.',
      'Mostly speech, with natural pauses.',
      'A standard format.',
    ]);
  });

  // Each threshold's edge: the value on it gets the milder verdict the rule text promises.
  it.each([
    ['duration', { durationS: 4.99 }, 'fix'],
    ['duration', { durationS: 30.01 }, 'fix'],
    ['peak', { peakDbfs: -0.11 }, 'good'],
    ['clipping', { clippedShare: 0.01 }, 'fix'],
    ['loudness', { loudnessLufs: -40 }, 'fix'],
    ['loudness', { loudnessLufs: -26.01 }, 'fix'],
    ['loudness', { loudnessLufs: -13.99 }, 'fix'],
    ['noise', { noiseFloorDbfs: -50, silenceShare: 0 }, 'good'],
    ['noise', { noiseFloorDbfs: -49.9, silenceShare: 0 }, 'fix'],
    ['snr', { snrDb: 20 }, 'fix'],
    ['snr', { snrDb: 29.9 }, 'fix'],
    ['snr', { snrDb: 30, silenceShare: 0 }, 'good'],
    ['snr', { snrDb: 29.9, silenceShare: 0 }, 'fix'],
    ['silence', { silenceShare: 0.7 }, 'fix'],
    ['format', { sampleRate: 8000 }, 'fix'],
    ['format', { sampleRate: 15_999 }, 'fix'],
    ['format', { channels: 3 }, 'fix'],
  ] as const)('at the edge, %s %o is %s', (measure, change, verdict) => {
    expect(verdictOf(measure, change).verdict).toBe(verdict);
  });

  it('finds a clip of unknown length or sample rate unusable rather than good', () => {
    expect(verdictOf('duration', { durationS: Number.NaN }).verdict).toBe('unusable');
    expect(verdictOf('format', { sampleRate: Number.NaN }).verdict).toBe('unusable');
  });

  it('gives the full advice for each problem', () => {
    expect(
      [
        verdictOf('duration', { durationS: 1 }),
        verdictOf('duration', { durationS: 4 }),
        verdictOf('duration', { durationS: 45 }),
        verdictOf('peak', { peakDbfs: 0 }),
        verdictOf('peak', { peakDbfs: -Infinity }),
        verdictOf('clipping', { clippedShare: 0.005 }),
        verdictOf('clipping', { clippedShare: 0.05 }),
        verdictOf('loudness', { loudnessLufs: -Infinity }),
        verdictOf('loudness', { loudnessLufs: -45 }),
        verdictOf('loudness', { loudnessLufs: -30 }),
        verdictOf('loudness', { loudnessLufs: -10 }),
        verdictOf('noise', { noiseFloorDbfs: -40 }),
        verdictOf('noise', { noiseFloorDbfs: -40, silenceShare: 0 }),
        verdictOf('snr', { snrDb: -Infinity }),
        verdictOf('snr', { snrDb: 10 }),
        verdictOf('snr', { snrDb: 25 }),
        verdictOf('snr', { snrDb: 10, silenceShare: 0 }),
        verdictOf('silence', { silenceShare: 0.5 }),
        verdictOf('silence', { silenceShare: 0.8 }),
        verdictOf('format', { sampleRate: 4000 }),
        verdictOf('format', { sampleRate: 11_025 }),
        verdictOf('format', { channels: 6 }),
      ].map((v) => `${v.verdict}: ${v.reason}`),
    ).toEqual([
      'unusable: Too short to learn the voice from: record at least 5 s of speech.',
      'fix: A little short: 5 s or more gives a fuller sample of the voice.',
      'fix: Longer than needed: trim it to 30 s or less, or split it into several clips.',
      'fix: Peaks reach full scale: lower the input gain a little so loud words keep headroom.',
      'unusable: No signal at all: check the right microphone is chosen and not muted.',
      'fix: Some peaks were cut flat: lower the input gain and record again, or trim the distorted part away.',
      'unusable: Badly distorted: the input was far too loud. Lower the gain or move back from the microphone, and record again.',
      'unusable: Nothing loud enough to measure: the clip is silent.',
      'unusable: Far too quiet: move closer to the microphone or raise its gain, and record again.',
      'fix: Too quiet: move closer to the microphone or raise its gain.',
      'fix: Too loud: lower the microphone’s gain or move back a little.',
      'fix: Background noise is audible: turn off fans and other noise, or record in a quieter room.',
      'fix: No pause to hear the room in: leave a second of quiet before you speak, so the background can be measured.',
      'unusable: No voice stands out from the background.',
      'unusable: The voice barely stands above the noise: record in a quieter place, closer to the microphone.',
      'fix: Noise is noticeable under the voice: move closer to the microphone or quiet the room.',
      'fix: No pause to hear the room in: leave a second of quiet before you speak, so the background can be measured.',
      'fix: Much of the clip is silence: use Trim silence to cut the start and end.',
      'unusable: Mostly silence: there is little voice to use. Trim the pauses away or record again.',
      'unusable: The sample rate is too low to carry a voice: record at 44.1 or 48 kHz.',
      'fix: A low sample rate cuts off the voice’s high tones: record at 44.1 or 48 kHz if you can.',
      'fix: More than two channels: export it as mono or stereo.',
    ]);
  });

  it('shows the noise floor and SNR as plain figures once the clip has enough pauses', () => {
    expect(verdictOf('noise', { noiseFloorDbfs: -55, silenceShare: 0.05 }).value).toBe(
      '−55.0 dBFS',
    );
    expect(verdictOf('noise', { noiseFloorDbfs: -55, silenceShare: 0.049 }).value).toBe(
      '≤ −55.0 dBFS',
    );
    expect(verdictOf('snr', { snrDb: 25, silenceShare: 0.049 }).value).toBe('≥ 25.0 dB');
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
