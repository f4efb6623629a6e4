// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ClipReport } from './clip-report';
import { setVerdict } from './clip-verdicts';
import { goodReport } from './test-reports';

const clip = (name: string, change: Partial<ClipReport> = {}) => ({
  name,
  report: { ...goodReport, ...change },
});
const goodClips = (n: number) => Array.from({ length: n }, (_, i) => clip(`Clip ${i + 1}.wav`));

describe('setVerdict', () => {
  it('passes 3 to 10 good clips, with count and total against the recommendation', () => {
    const set = setVerdict(goodClips(4));
    expect(set).toEqual({
      verdict: 'good',
      count: 4,
      totalS: 48,
      countText: '4 clips · 48 s in all (recommended: 3 to 10 clips of 5 to 30 s)',
      reasons: [],
      weakest: null,
    });
    expect(setVerdict(goodClips(3)).verdict).toBe('good');
    expect(setVerdict(goodClips(10)).verdict).toBe('good');
  });

  it('writes a total of a minute or more as minutes', () => {
    expect(setVerdict(goodClips(6)).countText).toBe(
      '6 clips · 1:12 min in all (recommended: 3 to 10 clips of 5 to 30 s)',
    );
  });

  it('writes a total of exactly a minute as minutes, and just under it as seconds', () => {
    expect(setVerdict(goodClips(5)).countText).toMatch(/^5 clips · 1:00 min in all/);
    expect(setVerdict([...goodClips(4), clip('short.wav', { durationS: 11.9 })]).countText).toMatch(
      /^5 clips · 59\.9 s in all/,
    );
  });

  it('asks for clips when there are none', () => {
    const set = setVerdict([]);
    expect(set.verdict).toBe('unusable');
    expect(set.countText).toMatch(/^0 clips · 0 s in all/);
    expect(set.reasons).toEqual(['No clips yet: add 3 to 10 clips of 5 to 30 s.']);
  });

  it('asks for more clips below 3 and fewer above 10', () => {
    const few = setVerdict(goodClips(2));
    expect(few.verdict).toBe('fix');
    expect(few.countText).toMatch(/^2 clips/);
    expect(few.reasons).toEqual(['Fewer clips than recommended: add 1 clip or more.']);
    expect(setVerdict(goodClips(1)).reasons).toEqual([
      'Fewer clips than recommended: add 2 clips or more.',
    ]);
    const many = setVerdict(goodClips(11));
    expect(many.verdict).toBe('fix');
    expect(many.reasons).toEqual(['More clips than recommended: keep the best 10.']);
  });

  it('takes the worst clip’s verdict and names the clips that need work', () => {
    const set = setVerdict([
      clip('a.wav'),
      clip('quiet.wav', { loudnessLufs: -30 }),
      clip('distorted.wav', { clippedShare: 0.05, peakDbfs: 0 }),
    ]);
    expect(set.verdict).toBe('unusable');
    expect(set.reasons).toEqual([
      'Unusable: distorted.wav. Leave it out or record again.',
      'To fix: quiet.wav. See each clip’s report.',
    ]);
    expect(set.weakest).toEqual({
      name: 'distorted.wav',
      verdict: 'unusable',
      reason: expect.stringMatching(/^Clipping: Badly distorted/),
    });
  });

  it('picks the weakest clip by worst verdict, then by how many measures need work', () => {
    const set = setVerdict([
      clip('one problem.wav', { loudnessLufs: -30 }),
      clip('two problems.wav', { loudnessLufs: -30, noiseFloorDbfs: -45 }),
      clip('also one.wav', { silenceShare: 0.5 }),
    ]);
    expect(set.verdict).toBe('fix');
    expect(set.weakest).toEqual({
      name: 'two problems.wav',
      verdict: 'fix',
      reason: 'Loudness: Too quiet: move closer to the microphone or raise its gain.',
    });
    expect(set.reasons).toEqual([
      'To fix: one problem.wav, two problems.wav, also one.wav. See each clip’s report.',
    ]);
    // An unusable measure outranks any number of fixes.
    const ranked = setVerdict([
      clip('many fixes.wav', { loudnessLufs: -30, noiseFloorDbfs: -45, silenceShare: 0.5 }),
      clip('short.wav', { durationS: 2 }),
    ]);
    expect(ranked.weakest?.name).toBe('short.wav');
    expect(ranked.reasons[0]).toMatch(/^Fewer clips/);
    expect(ranked.reasons[1]).toBe('Unusable: short.wav. Leave it out or record again.');
  });

  it('names every unusable clip, and the worst clip even when a lesser one comes after it', () => {
    const set = setVerdict([
      clip('short.wav', { durationS: 2 }),
      clip('quiet.wav', { loudnessLufs: -30 }),
      clip('silent.wav', { loudnessLufs: -Infinity }),
    ]);
    expect(set.reasons).toEqual([
      'Unusable: short.wav, silent.wav. Leave them out or record again.',
      'To fix: quiet.wav. See each clip’s report.',
    ]);
    expect(set.weakest).toEqual({
      name: 'short.wav',
      verdict: 'unusable',
      reason: 'Duration: Too short to learn the voice from: record at least 5 s of speech.',
    });
  });

  it('judges a long clip as a voice reference, and names the earlier of two equally weak clips', () => {
    const set = setVerdict([
      clip('long one.wav', { durationS: 45 }),
      clip('long two.wav', { durationS: 50 }),
      clip('good.wav'),
    ]);
    expect(set.weakest).toEqual({
      name: 'long one.wav',
      verdict: 'fix',
      reason:
        'Duration: Longer than needed: trim it to 30 s or less, or split it into several clips.',
    });
  });

  it('counts clips not measured yet, adding the lengths it knows, without judging them', () => {
    const set = setVerdict([
      ...goodClips(2),
      { name: 'still measuring.wav' },
      { name: 'https://example.com/a.mp3', durationS: 9.5 },
    ]);
    expect(set.count).toBe(4);
    expect(set.totalS).toBe(33.5);
    expect(set.verdict).toBe('good');
    expect(set.weakest).toBeNull();
  });
});
