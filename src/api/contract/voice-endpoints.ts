import { defineEndpoint } from './endpoint';
import { endpointRouteMeta } from './endpoint-routes';
import {
  voiceExtendRequestSchema,
  voiceExtendResponseSchema,
  voiceListQuerySchema,
  voiceListResponseSchema,
} from './voices';

// The voice catalog, and extending a clip in its voice (see generation-endpoints.ts for the
// areas).

export const listVoices = defineEndpoint({
  ...endpointRouteMeta.listVoices,
  query: voiceListQuerySchema,
  response: voiceListResponseSchema,
});

export const extendVoice = defineEndpoint({
  ...endpointRouteMeta.extendVoice,
  body: voiceExtendRequestSchema,
  response: voiceExtendResponseSchema,
});
