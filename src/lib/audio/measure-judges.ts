import { formatDecimal } from '../format-number';
import { formatSampleRate } from '../format-duration';
import type { ClipUse, MeasureVerdict, Verdict } from './clip-verdicts';
import * as t from './clip-thresholds';

// Each measure's verdict, the advice that goes with it and the rule applied. Reasons say what to
// do in the words of someone holding a microphone, not of an audio engineer.

export type Judged = Pick<MeasureVerdict, 'verdict' | 'reason' | 'threshold'>;

/** Threshold figures with as few decimals as they need: "−26", "0.1 %". */
const num = (value: number) => formatDecimal(value, 2).replace('-', '\u2212');
const pct = (share: number) => `${num(share * 100)} %`;

/** A judge: the threshold text, then the verdict and reason for a value. */
function judge(threshold: string, verdict: Verdict, reason: string): Judged {
  return { verdict, reason, threshold };
}

export function duration(s: number, use: ClipUse): Judged {
  const { unusableBelow, goodFrom, goodTo } = t.durationS;
  const rule = `good from ${goodFrom} to ${goodTo} s; unusable under ${unusableBelow} s`;
  const purpose = use === 'voice' ? 'learn the voice from' : 'continue from';
  if (!(s >= unusableBelow))
    return judge(
      rule,
      'unusable',
      `Too short to ${purpose}: record at least ${goodFrom} s of speech.`,
    );
  if (s < goodFrom)
    return judge(
      rule,
      'fix',
      `A little short: ${goodFrom} s or more gives a fuller sample of the voice.`,
    );
  if (s > goodTo)
    return judge(
      rule,
      'fix',
      use === 'voice'
        ? `Longer than needed: trim it to ${goodTo} s or less, or split it into several clips.`
        : `Longer than needed: trim it to the best ${goodTo} s or less.`,
    );
  return judge(rule, 'good', 'Long enough for a few sentences, short enough to upload quickly.');
}

export function peak(dbfs: number): Judged {
  const rule = `good below ${num(t.peakDbfs.fixFrom)} dBFS`;
  if (dbfs === -Infinity)
    return judge(
      rule,
      'unusable',
      'No signal at all: check the right microphone is chosen and not muted.',
    );
  if (dbfs >= t.peakDbfs.fixFrom)
    return judge(
      rule,
      'fix',
      'Peaks reach full scale: lower the input gain a little so loud words keep headroom.',
    );
  return judge(rule, 'good', 'Peaks stay below full scale.');
}

export function clipping(share: number): Judged {
  const { fixAbove, unusableAbove } = t.clippedShare;
  const rule = `good up to ${pct(fixAbove)}; unusable above ${pct(unusableAbove)}`;
  if (share > unusableAbove)
    return judge(
      rule,
      'unusable',
      'Badly distorted: the input was far too loud. Lower the gain or move back from the microphone, and record again.',
    );
  if (share > fixAbove)
    return judge(
      rule,
      'fix',
      'Some peaks were cut flat: lower the input gain and record again, or trim the distorted part away.',
    );
  return judge(rule, 'good', 'No audible clipping.');
}

export function loudness(lufs: number): Judged {
  const { unusableBelow, goodFrom, goodTo } = t.loudnessLufs;
  const rule = `good from ${num(goodFrom)} to ${num(goodTo)} LUFS; unusable under ${num(unusableBelow)} LUFS`;
  if (lufs === -Infinity)
    return judge(rule, 'unusable', 'Nothing loud enough to measure: the clip is silent.');
  if (lufs < unusableBelow)
    return judge(
      rule,
      'unusable',
      'Far too quiet: move closer to the microphone or raise its gain, and record again.',
    );
  if (lufs < goodFrom)
    return judge(rule, 'fix', 'Too quiet: move closer to the microphone or raise its gain.');
  if (lufs > goodTo)
    return judge(rule, 'fix', 'Too loud: lower the microphone’s gain or move back a little.');
  return judge(rule, 'good', 'A clear speaking level.');
}

/** Advice when a clip has no pause: the room's own level cannot be read between words. */
const leaveAPause =
  'No pause to hear the room in: leave a second of quiet before you speak, so the background can be measured.';

/** `paused`: the clip has pauses, so the quietest windows are the room, not the voice. */
export function noise(dbfs: number, paused = true): Judged {
  const rule = `good up to ${num(t.noiseFloorDbfs.fixAbove)} dBFS`;
  // Without pauses the figure is the voice's quietest part: the room is at most that loud.
  if (!paused && dbfs > t.noiseFloorDbfs.fixAbove) return judge(rule, 'fix', leaveAPause);
  if (dbfs > t.noiseFloorDbfs.fixAbove)
    return judge(
      rule,
      'fix',
      'Background noise is audible: turn off fans and other noise, or record in a quieter room.',
    );
  return judge(rule, 'good', 'A quiet background.');
}

export function snr(db: number, paused = true): Judged {
  const { unusableBelow, goodFrom } = t.snrDb;
  const rule = `good from ${num(goodFrom)} dB; unusable under ${num(unusableBelow)} dB`;
  if (db === -Infinity) return judge(rule, 'unusable', 'No voice stands out from the background.');
  // Without pauses the figure is only a lower bound: a low one says nothing about the room.
  if (!paused && db < goodFrom) return judge(rule, 'fix', leaveAPause);
  if (db < unusableBelow)
    return judge(
      rule,
      'unusable',
      'The voice barely stands above the noise: record in a quieter place, closer to the microphone.',
    );
  if (db < goodFrom)
    return judge(
      rule,
      'fix',
      'Noise is noticeable under the voice: move closer to the microphone or quiet the room.',
    );
  return judge(rule, 'good', 'The voice stands well clear of the background.');
}

export function silence(share: number): Judged {
  const { fixFrom, unusableAbove } = t.silenceShare;
  const rule = `good under ${pct(fixFrom)}; unusable above ${pct(unusableAbove)}`;
  if (share > unusableAbove)
    return judge(
      rule,
      'unusable',
      'Mostly silence: there is little voice to use. Trim the pauses away or record again.',
    );
  if (share >= fixFrom)
    return judge(
      rule,
      'fix',
      'Much of the clip is silence: use Trim silence to cut the start and end.',
    );
  return judge(rule, 'good', 'Mostly speech, with natural pauses.');
}

export function format(sampleRate: number, channels: number): Judged {
  const { unusableBelow, fixBelow } = t.sampleRateHz;
  const rule = `good from ${formatSampleRate(fixBelow)}, mono or stereo; unusable under ${formatSampleRate(unusableBelow)}`;
  if (!(sampleRate >= unusableBelow))
    return judge(
      rule,
      'unusable',
      'The sample rate is too low to carry a voice: record at 44.1 or 48 kHz.',
    );
  if (sampleRate < fixBelow)
    return judge(
      rule,
      'fix',
      'A low sample rate cuts off the voice’s high tones: record at 44.1 or 48 kHz if you can.',
    );
  if (channels > t.maxChannels)
    return judge(rule, 'fix', 'More than two channels: export it as mono or stereo.');
  return judge(rule, 'good', 'A standard format.');
}
