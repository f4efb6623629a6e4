import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client';
import { synthesizeSpeech } from '../../api/contract/endpoint-routes';
import { hexToBlob } from '../../lib/hex';

/** "Try a line" is for a sentence, not a script: longer texts belong on the Speech page. */
export const tryLineMaxLength = 200;

const lineFormat = 'mp3';
const mimeTypes = { mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg' } as const;

export interface SpeakLineInput {
  voiceId: string;
  text: string;
}

export interface SpokenLine {
  voiceId: string;
  text: string;
  audio: Blob;
  /** Milliseconds, when the service reported it. */
  durationMs: number | null;
  traceId: string | null;
}

async function speakLine({ voiceId, text }: SpeakLineInput): Promise<SpokenLine> {
  const response = await apiClient.call(synthesizeSpeech, {
    body: { text, voice_id: voiceId, format: lineFormat },
  });
  return {
    voiceId,
    text,
    audio: hexToBlob(response.data.audio, mimeTypes[lineFormat]),
    durationMs: response.extra_info?.audio_duration ?? null,
    traceId: response.trace_id ?? null,
  };
}

/** Speaks a short line in one voice with synchronous T2A; each caller keeps its own result. */
export function useSpeakLine() {
  return useMutation({ mutationKey: ['voices', 'speak-line'], mutationFn: speakLine });
}
