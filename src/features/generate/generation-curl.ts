import { generateImage, generateVideo } from '../../api/contract/endpoint-routes';
import type { ImageGenerationRequest, VideoGenerationRequest } from '../../api/contract/generation';
import { renderCurl, type CurlTarget } from '../../api/curl';
import type { GenerationBody, GenerationKind } from './generation-request';

/** A generation request as curl; the body is as assembled (tool checked against the endpoint). */
export function generationCurl(
  kind: GenerationKind,
  body: GenerationBody & { idempotency_key?: string },
  target: CurlTarget,
): string {
  return kind === 'image'
    ? renderCurl(generateImage, { body: body as ImageGenerationRequest }, target)
    : renderCurl(generateVideo, { body: body as VideoGenerationRequest }, target);
}
