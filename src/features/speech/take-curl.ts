import {
  createSpeechTask,
  extendVoice,
  synthesizeSpeech,
} from '../../api/contract/endpoint-routes';
import type { T2aAsyncRequest, T2aRequest } from '../../api/contract/speech';
import type { VoiceExtendRequest } from '../../api/contract/voices';
import { renderCurl, type CurlTarget } from '../../api/curl';
import type { TakeRequest } from './speech-take';

/**
 * The request that made a take, as curl. The body is the one that was sent (another client's
 * may hold fields the form does not know), so it is passed on as it is.
 */
export function takeCurl({ kind, body }: TakeRequest, target: CurlTarget): string {
  switch (kind) {
    case 'sync':
      return renderCurl(synthesizeSpeech, { body: body as T2aRequest }, target);
    case 'async':
      return renderCurl(createSpeechTask, { body: body as T2aAsyncRequest }, target);
    case 'extend':
      return renderCurl(extendVoice, { body: body as VoiceExtendRequest }, target);
  }
}
