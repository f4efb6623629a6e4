import { defineEndpoint } from './endpoint';
import { endpointRouteMeta } from './endpoint-routes';
import {
  loraTrainingRequestSchema,
  loraTrainingResponseSchema,
  trainingStatusParamsSchema,
  trainingStatusResponseSchema,
  voiceTrainingRequestSchema,
  voiceTrainingResponseSchema,
} from './training';

// Voice and LoRA training, and a training's status (see generation-endpoints.ts for the areas).

export const trainVoice = defineEndpoint({
  ...endpointRouteMeta.trainVoice,
  body: voiceTrainingRequestSchema,
  response: voiceTrainingResponseSchema,
});

export const trainLoraMusic = defineEndpoint({
  ...endpointRouteMeta.trainLoraMusic,
  body: loraTrainingRequestSchema,
  response: loraTrainingResponseSchema,
});

export const trainLoraVideo = defineEndpoint({
  ...endpointRouteMeta.trainLoraVideo,
  body: loraTrainingRequestSchema,
  response: loraTrainingResponseSchema,
});

export const getTrainingStatus = defineEndpoint({
  ...endpointRouteMeta.getTrainingStatus,
  params: trainingStatusParamsSchema,
  response: trainingStatusResponseSchema,
});
