import { defineEndpoint } from './endpoint';
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
 * Every endpoint of the service, as the spec lists them, plus the two routes we decided on
 * where the spec shows none (async speech result, file retrieval): docs/api-decisions.md.
 * stackId is 'required' exactly where the spec's Authentication section says so.
 */

export const generateVideo = defineEndpoint({
  id: 'video.generate',
  method: 'POST',
  path: '/v1/video/generate',
  summary: 'Generate a video from a prompt with a selected or automatic tool',
  stackId: 'required',
  body: videoGenerationRequestSchema,
  response: generationResponseSchema,
});

export const generateImage = defineEndpoint({
  id: 'image.generate',
  method: 'POST',
  path: '/v1/image/generate',
  summary: 'Generate an image from a prompt with a selected or automatic tool',
  stackId: 'required',
  body: imageGenerationRequestSchema,
  response: generationResponseSchema,
});

export const trainVoice = defineEndpoint({
  id: 'training.voice',
  method: 'POST',
  path: '/v1/training/voice',
  summary: 'Train a custom voice from several reference clips',
  stackId: 'required',
  body: voiceTrainingRequestSchema,
  response: voiceTrainingResponseSchema,
});

export const listVoices = defineEndpoint({
  id: 'voice.list',
  method: 'GET',
  path: '/v1/voice/list',
  summary: 'List the voice catalog usable with speech synthesis',
  stackId: 'required',
  query: voiceListQuerySchema,
  response: voiceListResponseSchema,
});

export const extendVoice = defineEndpoint({
  id: 'voice.extend',
  method: 'POST',
  path: '/v1/voice/extend',
  summary: 'Continue an audio clip in the same voice',
  stackId: 'required',
  body: voiceExtendRequestSchema,
  response: voiceExtendResponseSchema,
});

export const trainLoraMusic = defineEndpoint({
  id: 'training.loraMusic',
  method: 'POST',
  path: '/v1/training/lora/music',
  summary: 'Train a music LoRA adapter from a dataset',
  stackId: 'required',
  body: loraTrainingRequestSchema,
  response: loraTrainingResponseSchema,
});

export const trainLoraVideo = defineEndpoint({
  id: 'training.loraVideo',
  method: 'POST',
  path: '/v1/training/lora/video',
  summary: 'Train a video LoRA adapter from a dataset',
  stackId: 'required',
  body: loraTrainingRequestSchema,
  response: loraTrainingResponseSchema,
});

export const getTrainingStatus = defineEndpoint({
  id: 'training.status',
  method: 'GET',
  path: '/v1/training/status/{task_id}',
  summary: 'Current state of a training job',
  stackId: 'required',
  params: trainingStatusParamsSchema,
  response: trainingStatusResponseSchema,
});

export const synthesizeSpeech = defineEndpoint({
  id: 'speech.create',
  method: 'POST',
  path: '/v1/t2a',
  summary: 'Convert text to speech synchronously',
  stackId: 'required',
  body: t2aRequestSchema,
  response: t2aResponseSchema,
});

export const createSpeechTask = defineEndpoint({
  id: 'speech.createAsync',
  method: 'POST',
  path: '/v1/t2a/async',
  summary: 'Start an asynchronous speech synthesis task',
  stackId: 'unspecified',
  body: t2aAsyncRequestSchema,
  response: t2aAsyncResponseSchema,
});

export const getSpeechTask = defineEndpoint({
  id: 'speech.getAsync',
  method: 'GET',
  path: '/v1/t2a/async/{task_id}',
  summary: 'State and result of an asynchronous speech task (our route: not shown in the spec)',
  stackId: 'unspecified',
  params: t2aAsyncResultParamsSchema,
  response: t2aAsyncResultResponseSchema,
});

export const createSandbox = defineEndpoint({
  id: 'sandbox.create',
  method: 'POST',
  path: '/v1/code/sandbox',
  summary: 'Create a persistent code sandbox session',
  stackId: 'unspecified',
  body: sandboxRequestSchema,
  response: sandboxResponseSchema,
});

export const uploadFile = defineEndpoint({
  id: 'files.upload',
  method: 'POST',
  path: '/v1/files/upload',
  summary: 'Upload a file for use by other endpoints',
  stackId: 'unspecified',
  body: fileUploadRequestSchema,
  bodyEncoding: 'multipart',
  response: fileUploadResponseSchema,
});

export const getFile = defineEndpoint({
  id: 'files.get',
  method: 'GET',
  path: '/v1/files/{file_id}',
  summary:
    'Metadata of an uploaded file and a URL serving its bytes (our route: not shown in the spec)',
  stackId: 'unspecified',
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
