import { defineEndpoint } from './endpoint';
import { endpointRouteMeta } from './endpoint-routes';
import {
  fileParamsSchema,
  fileResponseSchema,
  fileUploadRequestSchema,
  fileUploadResponseSchema,
} from './files';
import {
  generationResponseSchema,
  imageGenerationRequestSchema,
  videoGenerationRequestSchema,
} from './generation';
import { sandboxRequestSchema, sandboxResponseSchema } from './sandbox';
import {
  t2aAsyncRequestSchema,
  t2aAsyncResponseSchema,
  t2aAsyncResultParamsSchema,
  t2aAsyncResultResponseSchema,
  t2aRequestSchema,
  t2aResponseSchema,
} from './speech';
import {
  loraTrainingRequestSchema,
  loraTrainingResponseSchema,
  trainingStatusParamsSchema,
  trainingStatusResponseSchema,
  voiceTrainingRequestSchema,
  voiceTrainingResponseSchema,
} from './training';
import {
  voiceExtendRequestSchema,
  voiceExtendResponseSchema,
  voiceListQuerySchema,
  voiceListResponseSchema,
} from './voices';

/*
 * Every endpoint of the service with its schemas: its route (method, path, stack id rule) is in
 * endpoint-routes.ts, which pages use so they do not load zod before their first request.
 */

export const generateVideo = defineEndpoint({
  ...endpointRouteMeta.generateVideo,
  body: videoGenerationRequestSchema,
  response: generationResponseSchema,
});

export const generateImage = defineEndpoint({
  ...endpointRouteMeta.generateImage,
  body: imageGenerationRequestSchema,
  response: generationResponseSchema,
});

export const trainVoice = defineEndpoint({
  ...endpointRouteMeta.trainVoice,
  body: voiceTrainingRequestSchema,
  response: voiceTrainingResponseSchema,
});

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

export const createSandbox = defineEndpoint({
  ...endpointRouteMeta.createSandbox,
  body: sandboxRequestSchema,
  response: sandboxResponseSchema,
});

export const uploadFile = defineEndpoint({
  ...endpointRouteMeta.uploadFile,
  body: fileUploadRequestSchema,
  response: fileUploadResponseSchema,
});

export const getFile = defineEndpoint({
  ...endpointRouteMeta.getFile,
  params: fileParamsSchema,
  response: fileResponseSchema,
});

/** In the spec's order, for the emulator's router and the OpenAPI document. */
export const endpoints = [
  generateVideo,
  generateImage,
  trainVoice,
  listVoices,
  extendVoice,
  trainLoraMusic,
  trainLoraVideo,
  getTrainingStatus,
  synthesizeSpeech,
  createSpeechTask,
  getSpeechTask,
  createSandbox,
  uploadFile,
  getFile,
] as const;

export type AnyEndpoint = (typeof endpoints)[number];
