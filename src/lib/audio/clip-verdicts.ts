import type { ClipReport } from './clip-report';
import { recommendedReferenceClips } from '../../api/contract/training-limits';
import { formatDuration } from '../format-duration';
import * as t from './clip-thresholds';
import {
  formatDb,
  formatDbfs,
  formatFormat,
  formatLufs,
  formatSeconds,
  formatShare,
} from './clip-format';
import * as judge from './measure-judges';

export type Verdict = 'good' | 'fix' | 'unusable';
/** What the clip is for: a voice to train, or audio to continue (speech "extend"). */
export type ClipUse = 'voice' | 'extend';
export type ClipMeasure =
  'duration' | 'peak' | 'loudness' | 'clipping' | 'noise' | 'snr' | 'silence' | 'format';

export interface MeasureVerdict {
  measure: ClipMeasure;
  /** "Noise floor" */
  label: string;
  /** The measured value for display: "−18.2 LUFS". */
  value: string;
  verdict: Verdict;
  /** What it means and what to do, in plain words. */
  reason: string;
  /** The rule applied: "good from −26 to −14 LUFS". */
  threshold: string;
}

const rank: Record<Verdict, number> = { good: 0, fix: 1, unusable: 2 };

/** The worst of the verdicts; good when there are none. */
export function worstVerdict(verdicts: readonly { verdict: Verdict }[]): Verdict {
  return verdicts.reduce<Verdict>(
    (worst, { verdict }) => (rank[verdict] > rank[worst] ? verdict : worst),
    'good',
  );
}

const texts = { good: 'Good', fix: 'Fix this', unusable: 'Unusable' } as const;

export function verdictText(verdict: Verdict): 'Good' | 'Fix this' | 'Unusable' {
  return texts[verdict];
}

/** Each measure of a clip with its verdict, in the order the report shows them. */
export function clipVerdicts(report: ClipReport, use: ClipUse): MeasureVerdict[] {
  const r = report;
  const row = (measure: ClipMeasure, label: string, value: string, judged: judge.Judged) => ({
    measure,
    label,
    value,
    ...judged,
  });
  // Too few pauses: the noise floor is an upper bound and the SNR a lower bound, shown as such.
  const paused = r.silenceShare >= t.measuring.pausesForNoiseShare;
  const bound = (value: string, sign: string) => (paused ? value : `${sign} ${value}`);
  return [
    row('duration', 'Duration', formatSeconds(r.durationS), judge.duration(r.durationS, use)),
    row('peak', 'Peak', formatDbfs(r.peakDbfs), judge.peak(r.peakDbfs)),
    row('loudness', 'Loudness', formatLufs(r.loudnessLufs), judge.loudness(r.loudnessLufs)),
    row('clipping', 'Clipping', formatShare(r.clippedShare), judge.clipping(r.clippedShare)),
    row(
      'noise',
      'Noise floor',
      bound(formatDbfs(r.noiseFloorDbfs), '≤'),
      judge.noise(r.noiseFloorDbfs, paused),
    ),
    row('snr', 'Signal-to-noise', bound(formatDb(r.snrDb), '≥'), judge.snr(r.snrDb, paused)),
    row('silence', 'Silence', formatShare(r.silenceShare), judge.silence(r.silenceShare)),
    row(
      'format',
      'Format',
      formatFormat(r.sampleRate, r.channels),
      judge.format(r.sampleRate, r.channels),
    ),
  ];
}

export interface SetVerdict {
  verdict: Verdict;
  count: number;
  /** Seconds of every clip whose length is known. */
  totalS: number;
  /** "4 clips · 52 s in all (recommended: 3 to 10 clips of 5 to 30 s)" */
  countText: string;
  reasons: string[];
  /** The clip that most holds the set back; null when no checked clip has anything to fix. */
  weakest: { name: string; verdict: Verdict; reason: string } | null;
}

export interface SetClip {
  name: string;
  /** Absent while a clip is measured, or for one the browser cannot read. */
  report?: ClipReport | undefined;
  /** A length known without a report (from media metadata): counts in the total. */
  durationS?: number | undefined;
}

const clipsText = (n: number) => `${n} clip${n === 1 ? '' : 's'}`;
const totalText = (s: number) => (s < 60 ? formatSeconds(s) : `${formatDuration(s)} min`);

/** The reference set for training a voice: its count against 3–10 clips, and its weakest clip. */
export function setVerdict(clips: readonly SetClip[]): SetVerdict {
  const { min, max } = recommendedReferenceClips;
  const { goodFrom, goodTo } = t.durationS;
  const count = clips.length;
  const totalS = clips.reduce((sum, c) => sum + (c.report?.durationS ?? c.durationS ?? 0), 0);
  const countText = `${clipsText(count)} · ${totalText(totalS)} in all (recommended: ${min} to ${max} clips of ${goodFrom} to ${goodTo} s)`;
  const reasons: string[] = [];
  let verdict: Verdict = 'good';
  if (count === 0) {
    verdict = 'unusable';
    reasons.push(`No clips yet: add ${min} to ${max} clips of ${goodFrom} to ${goodTo} s.`);
  } else if (count < min) {
    verdict = 'fix';
    reasons.push(`Fewer clips than recommended: add ${clipsText(min - count)} or more.`);
  } else if (count > max) {
    verdict = 'fix';
    reasons.push(`More clips than recommended: keep the best ${max}.`);
  }

  const judged = clips.flatMap(({ name, report }) => {
    if (!report) return [];
    const measures = clipVerdicts(report, 'voice');
    const worst = worstVerdict(measures);
    const bad = measures.filter((m) => m.verdict !== 'good').length;
    return [{ name, measures, worst, bad }];
  });
  const named = (v: Verdict) => judged.filter((c) => c.worst === v).map((c) => c.name);
  const unusable = named('unusable');
  const toFix = named('fix');
  if (unusable.length)
    reasons.push(
      `Unusable: ${unusable.join(', ')}. Leave ${unusable.length === 1 ? 'it' : 'them'} out or record again.`,
    );
  if (toFix.length) reasons.push(`To fix: ${toFix.join(', ')}. See each clip’s report.`);
  verdict = worstVerdict([{ verdict }, ...judged.map((c) => ({ verdict: c.worst }))]);

  // Worst verdict first, then the most measures needing work; the earlier clip wins a tie.
  const weakest = judged
    .filter((c) => c.worst !== 'good')
    .reduce<(typeof judged)[number] | null>(
      (w, c) =>
        !w || rank[c.worst] > rank[w.worst] || (c.worst === w.worst && c.bad > w.bad) ? c : w,
      null,
    );
  const cause = weakest?.measures.find((m) => m.verdict === weakest.worst);
  return {
    verdict,
    count,
    totalS,
    countText,
    reasons,
    weakest:
      weakest && cause
        ? { name: weakest.name, verdict: weakest.worst, reason: `${cause.label}: ${cause.reason}` }
        : null,
  };
}
