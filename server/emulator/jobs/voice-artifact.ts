import { previewLines } from '../catalog/voice-seed';
import { encodeAudio } from '../media/audio-encode';
import { synthesizeSpeech } from '../media/speech';
import { buildZip } from '../media/zip';
import type { VoiceInputsSummary } from './check-voice-references';

export interface VoiceArtifact {
  /** A zip of voice.json and preview.mp3: the job's asset. */
  zip: Uint8Array;
  /** The same preview, stored on its own as the catalog entry's audio_url. */
  preview: Uint8Array;
  description: string;
}

/** "my_new_voice" → "my new voice": how espeak should say the name in the preview. */
const spoken = (name: string) => name.replace(/_+/g, ' ').trim();

/** Speaks the preview in the new voice and packs it with the voice's description. */
export async function buildVoiceArtifact(
  job: { task_id: string; name: string },
  summary: VoiceInputsSummary,
  trainedAt: string,
): Promise<VoiceArtifact> {
  const { voice } = summary;
  const text = `This is ${spoken(job.name)}. ${previewLines[voice.language] ?? previewLines.en}`;
  const pcm = await synthesizeSpeech(text, voice.speech);
  // 22050 Hz is espeak's own rate: no resampling, and plenty for a spoken preview.
  const preview = await encodeAudio(pcm, { format: 'mp3', sampleRate: 22_050 });
  const description = `Trained from ${summary.count} reference clip${summary.count === 1 ? '' : 's'} (${summary.total_duration_s} s).`;
  const manifest = {
    format: 'media-studio-voice',
    version: 1,
    voice_id: job.name,
    name: job.name,
    description,
    language: voice.language,
    gender: voice.gender,
    task_id: job.task_id,
    trained_at: trainedAt,
    // What synthesis uses (espeak-ng voice, pitch 0..99, words per minute) and how it was found.
    voice_params: voice.speech,
    derived_from: voice.basis,
    analysis: { f0_hz: summary.f0_hz, syllables_per_second: summary.syllables_per_second },
    references: summary.references,
    total_duration_s: summary.total_duration_s,
    warnings: summary.warnings,
    preview: {
      file: 'preview.mp3',
      duration_ms: preview.durationMs,
      sample_rate: preview.sampleRate,
    },
  };
  const zip = buildZip([
    {
      name: 'voice.json',
      data: new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
    },
    { name: 'preview.mp3', data: preview.bytes },
  ]);
  return { zip, preview: preview.bytes, description };
}
