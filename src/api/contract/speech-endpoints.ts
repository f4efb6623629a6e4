import { defineEndpoint } from './endpoint';
import { endpointRouteMeta } from './endpoint-routes';
import {
  t2aAsyncRequestSchema,
  t2aAsyncResponseSchema,
  t2aAsyncResultParamsSchema,
  t2aAsyncResultResponseSchema,
  t2aRequestSchema,
  t2aResponseSchema,
} from './speech';

// Speech synthesis, at once or as a task (see generation-endpoints.ts for the areas).

export const synthesizeSpeech = defineEndpoint({
  ...endpointRouteMeta.synthesizeSpeech,
  body: t2aRequestSchema,
  response: t2aResponseSchema,
});

export const createSpeechTask = defineEndpoint({
  ...endpointRouteMeta.createSpeechTask,
  body: t2aAsyncRequestSchema,
  response: t2aAsyncResponseSchema,
});

export const getSpeechTask = defineEndpoint({
  ...endpointRouteMeta.getSpeechTask,
  params: t2aAsyncResultParamsSchema,
  response: t2aAsyncResultResponseSchema,
});
