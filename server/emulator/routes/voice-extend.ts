import { extendVoice } from '../../../src/api/contract/endpoints';
import { sampleRateBounds } from '../../../src/api/contract/speech';
import { registerEndpoint } from '../http/endpoint-route';
import { invalidRequest } from '../http/errors';
import { inspectMedia } from '../media/inspect';
import { fetchRemoteMedia, referenceFetchLimits, RemoteFetchError } from '../remote-fetch';
import type { RouteModule } from '../route-module';
import { renderSpeech } from '../speech/speech-render';
import { checkSpeechText } from '../speech/text-limit';
import { voiceFromReference } from '../voices/reference-voice';

/** espeak's own rate: used when the reference does not say its rate. */
const FALLBACK_RATE = 22050;

async function fetchReference(url: string, deps: Parameters<RouteModule>[1]) {
  try {
    return await fetchRemoteMedia(url, deps.mediaStore, referenceFetchLimits);
  } catch (error) {
    if (error instanceof RemoteFetchError)
      throw invalidRequest(`reference_audio_url: ${error.message}`);
    throw error;
  }
}

/**
 * `POST /v1/voice/extend`: speaks `text` in a voice derived from the reference clip, at the
 * reference's sample rate (within the contract's bounds) so the continuation matches it.
 */
export const voiceExtendRoutes: RouteModule = (app, deps) => {
  const { mediaStore } = deps;

  registerEndpoint(app, extendVoice, async ({ body, traceId, origin }) => {
    checkSpeechText(body.text);
    const reference = await fetchReference(body.reference_audio_url, deps);
    const info = inspectMedia(reference.bytes);
    if (info?.kind !== 'audio') {
      const got = info
        ? `${info.kind} ${info.format}`
        : reference.contentType?.split(';')[0]?.trim() || 'bytes of no known media type';
      throw invalidRequest(`reference_audio_url: is not audio (got ${got})`);
    }
    const rate = Math.min(
      sampleRateBounds.max,
      Math.max(sampleRateBounds.min, info.sampleRate ?? FALLBACK_RATE),
    );
    const { audio } = await renderSpeech({
      text: body.text,
      voice: voiceFromReference(reference.bytes, info, body.text),
      speed: 1,
      format: body.format,
      sampleRate: rate,
    });
    const media = await mediaStore.put({
      bytes: audio.bytes,
      contentType: audio.contentType,
      filename: `extended.${audio.format}`,
    });
    return {
      data: {
        audio_url: mediaStore.urlFor(media.id, origin, media.filename ?? undefined),
        audio_b64: Buffer.from(audio.bytes).toString('base64'),
        format: audio.format,
        sample_rate: audio.sampleRate,
        duration_s: audio.durationMs / 1000,
      },
      trace_id: traceId,
    };
  });
};
