import { recommendedReferenceClips } from '../../../src/api/contract/training';
import { inspectMedia } from '../media/inspect';
import type { Pcm } from '../media/pcm';
import { decodeWav } from '../media/wav';
import type { MediaStore } from '../media-store';
import { fetchRemoteMedia, referenceFetchLimits } from '../remote-fetch';
import { describeContent, fetchFailure, TrainingFailure } from './training-failure';
import { recommendedReferenceSeconds, rangeWarning, roundSeconds } from './training-limits';
import { measureVoice } from './voice-analysis';
import { deriveVoice, sha256Hex, type DerivedVoice } from './voice-params';

export interface VoiceReference {
  url: string;
  format: string;
  duration_s: number | null;
  sha256: string;
}

/** What the runner stores in inputs_summary_json for a voice job. */
export interface VoiceInputsSummary {
  kind: 'voice';
  count: number;
  total_duration_s: number;
  references: VoiceReference[];
  /** Measured on the WAV references; null when none could be decoded. */
  f0_hz: number | null;
  syllables_per_second: number | null;
  voice: DerivedVoice;
  /** Departures from the spec's recommendations: reported, never a failure. */
  warnings: string[];
}

/**
 * Fetches every reference, checks it is audio by its bytes, measures it, and derives the
 * voice. Throws TrainingFailure naming the first bad reference by its index.
 */
export async function checkVoiceReferences(
  urls: readonly string[],
  mediaStore: MediaStore,
): Promise<VoiceInputsSummary> {
  const references: VoiceReference[] = [];
  const decoded: Pcm[] = [];
  const warnings: string[] = [];
  // One at a time: references can be 50 MB each, and order makes failures reproducible.
  for (const [index, url] of urls.entries()) {
    const field = `reference_urls[${index}]`;
    let fetched;
    try {
      fetched = await fetchRemoteMedia(url, mediaStore, referenceFetchLimits);
    } catch (error) {
      throw fetchFailure(error, field, url);
    }
    const { bytes } = fetched;
    const info = inspectMedia(bytes);
    if (info?.kind !== 'audio') {
      const looks = describeContent(bytes, fetched.contentType);
      throw new TrainingFailure(
        'invalid_input',
        `${field} (${url}) is not audio (looks like ${looks})`,
      );
    }
    const duration = info.durationS ?? null;
    if (duration !== null && duration <= 0)
      throw new TrainingFailure('invalid_input', `${field} (${url}) holds no audio (0 s)`);
    const sha256 = sha256Hex(bytes);
    const twin = references.findIndex((reference) => reference.sha256 === sha256);
    if (twin >= 0) warnings.push(`${field} is the same audio as reference_urls[${twin}]`);
    const warning = rangeWarning(field, duration, recommendedReferenceSeconds);
    if (warning) warnings.push(warning);
    // Only WAV can be decoded here; other formats still count, they just are not measured.
    const pcm = info.format === 'wav' ? decodeWav(bytes) : null;
    if (pcm) decoded.push(pcm);
    references.push({ url, format: info.format, duration_s: roundSeconds(duration), sha256 });
  }
  const { min, max } = recommendedReferenceClips;
  if (urls.length < min || urls.length > max)
    warnings.unshift(`${urls.length} reference clips; ${min} to ${max} are recommended`);

  const measured = measureVoice(decoded);
  return {
    kind: 'voice',
    count: references.length,
    total_duration_s: roundSeconds(
      references.reduce((sum, reference) => sum + (reference.duration_s ?? 0), 0),
    )!,
    references,
    f0_hz: measured.f0Hz,
    syllables_per_second:
      measured.syllablesPerSecond === null
        ? null
        : Math.round(measured.syllablesPerSecond * 100) / 100,
    voice: deriveVoice(
      measured,
      references.map((reference) => reference.sha256),
    ),
    warnings,
  };
}
