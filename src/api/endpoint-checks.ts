import type { EndpointRouteMeta } from './contract/endpoint';
import { isoLanguageCodes } from './contract/language-codes';
import { voiceScopes } from './contract/voice-scopes';
import { objectOf, oneOf, optional } from './hand-check';
import { isVoiceListResponse } from './voice-list-check';

/**
 * Hand checks that stand in for a service endpoint's schemas where a page calls it to draw:
 * the voice catalog, which Voices and Speech list before anything else. zod builds every schema
 * of an area as its module runs (the catalog's area is 98 of them), so a call the checks pass is
 * sent, and its answer taken, without loading the area at all. Each check passes only what the
 * schemas accept (./hand-check.ts): an input it refuses goes the schemas' way, which names the
 * field and the rule; an answer it refuses loads the schema, for zod to name the issue.
 */
export interface EndpointChecks {
  /** Only a call's input whose parts the endpoint's schemas accept; the parts are sent as given. */
  input: (input: unknown) => boolean;
  /** Only an answer the endpoint's response schema accepts and returns unchanged. */
  response: (body: unknown) => boolean;
}

/** `voiceListQuerySchema`: the scope and the language, each left out or one the service knows. */
const isVoiceListQuery = objectOf({
  scope: optional(oneOf(voiceScopes)),
  language: optional(oneOf(isoLanguageCodes)),
});

const checks: Readonly<Record<string, EndpointChecks>> = {
  'voice.list': {
    input: objectOf({ query: optional(isVoiceListQuery) }),
    response: isVoiceListResponse,
  },
};

/** The hand checks of `route`, where it has them. */
export function checksOf(route: EndpointRouteMeta): EndpointChecks | undefined {
  return Object.hasOwn(checks, route.id) ? checks[route.id] : undefined;
}
