import { synthesizeSpeech as speechEndpoint } from '../../../src/api/contract/endpoints';
import { registerEndpoint } from '../http/endpoint-route';
import type { RouteModule } from '../route-module';
import { resolveSpeechVoice } from '../speech/resolve-voice';
import { renderSpeech } from '../speech/speech-render';
import { speechResponseBody } from '../speech/speech-response';
import { checkSpeechText } from '../speech/text-limit';
import { voiceServices } from '../voices/voice-services';

/**
 * `POST /v1/t2a`: speech as hex in `data.audio`, with facts about exactly those bytes in
 * `extra_info` (units in docs/api-decisions.md). The sample rate is the one encoded, which for
 * MP3 and Ogg is the codec rate nearest to the one asked for. The body is built by
 * speechResponseBody (checked against the contract there), hence a Response of our own.
 */
export const speechRoutes: RouteModule = (app, deps) => {
  const { catalog, usage } = voiceServices(deps);

  registerEndpoint(app, speechEndpoint, async ({ c, body, principal, traceId }) => {
    checkSpeechText(body.text);
    const voice = resolveSpeechVoice(deps.db, catalog, body.voice_id, principal);
    const rendered = await renderSpeech({
      text: body.text,
      voice: voice.speech,
      speed: body.speed,
      format: body.format,
      sampleRate: body.sample_rate,
    });
    usage.record(principal.keyHash, voice.voiceId);
    return c.body(speechResponseBody(rendered, traceId), 200, {
      'Content-Type': 'application/json',
    });
  });
};
