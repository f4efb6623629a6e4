import {
  speechResultCompleteStatus,
  t2aResponseSchema,
  type SpeechExtraInfo,
} from '../../../src/api/contract/speech';
import { withTraceId } from '../http/trace-id-body';
import { formatIssues } from '../http/zod-message';
import type { RenderedSpeech } from './speech-render';

// The body up to `"trace_id":`, as bytes, per rendered audio: JSON.stringify of a ~130 KB hex
// string was a quarter of a cached t2a request's time, and the same audio always gives the same
// text. Bytes rather than text, so a request does not encode it again (see withTraceId).
const prefixes = new WeakMap<RenderedSpeech, Buffer>();

function describe(rendered: RenderedSpeech) {
  const { audio } = rendered;
  const data = { audio: rendered.hex(), status: speechResultCompleteStatus };
  const extraInfo: SpeechExtraInfo = {
    audio_duration: audio.durationMs,
    audio_sample_rate: audio.sampleRate,
    audio_channel: audio.channels,
    bitrate: audio.bitrate,
    audio_size: audio.bytes.length,
  };
  return { data, extra_info: extraInfo };
}

/**
 * The JSON of the t2a success body, as bytes. The object is checked against the contract's
 * t2aResponseSchema (as registerEndpoint does for other routes) before its text is used.
 */
export function speechResponseBody(rendered: RenderedSpeech, traceId: string): Buffer<ArrayBuffer> {
  let prefix = prefixes.get(rendered);
  if (prefix === undefined) {
    const body = describe(rendered);
    const check = t2aResponseSchema.safeParse({ ...body, trace_id: traceId });
    if (!check.success) {
      throw new Error(
        `The t2a response breaks the contract: ${formatIssues(check.error.issues, 'response')}`,
      );
    }
    // Hex needs no escaping, so only the small parts go through JSON.stringify.
    prefix = Buffer.from(
      `{"data":{"audio":"${body.data.audio}","status":${body.data.status}},` +
        `"extra_info":${JSON.stringify(body.extra_info)},"trace_id":`,
    );
    prefixes.set(rendered, prefix);
  }
  return withTraceId(prefix, traceId);
}
