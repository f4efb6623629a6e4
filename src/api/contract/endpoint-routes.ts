import type { EndpointRoute, EndpointRouteMeta } from './endpoint';
import type * as definitions from './endpoints';

/*
 * Every endpoint of the service without its schemas: what a page needs to call one or to show it
 * as curl, without loading zod. The `*-endpoints.ts` modules add the schemas to these, so each
 * method, path and summary is written once. The spec's order; stackId is 'required' exactly
 * where the spec's Authentication section says so; docs/api-decisions.md explains the two
 * routes the spec lacks.
 */
export const endpointRouteMeta = {
  generateVideo: {
    id: 'video.generate',
    method: 'POST',
    path: '/v1/video/generate',
    summary: 'Generate a video from a prompt with a selected or automatic tool',
    stackId: 'required',
  },
  generateImage: {
    id: 'image.generate',
    method: 'POST',
    path: '/v1/image/generate',
    summary: 'Generate an image from a prompt with a selected or automatic tool',
    stackId: 'required',
  },
  trainVoice: {
    id: 'training.voice',
    method: 'POST',
    path: '/v1/training/voice',
    summary: 'Train a custom voice from several reference clips',
    stackId: 'required',
  },
  listVoices: {
    id: 'voice.list',
    method: 'GET',
    path: '/v1/voice/list',
    summary: 'List the voice catalog usable with speech synthesis',
    stackId: 'required',
  },
  extendVoice: {
    id: 'voice.extend',
    method: 'POST',
    path: '/v1/voice/extend',
    summary: 'Continue an audio clip in the same voice',
    stackId: 'required',
  },
  trainLoraMusic: {
    id: 'training.loraMusic',
    method: 'POST',
    path: '/v1/training/lora/music',
    summary: 'Train a music LoRA adapter from a dataset',
    stackId: 'required',
  },
  trainLoraVideo: {
    id: 'training.loraVideo',
    method: 'POST',
    path: '/v1/training/lora/video',
    summary: 'Train a video LoRA adapter from a dataset',
    stackId: 'required',
  },
  getTrainingStatus: {
    id: 'training.status',
    method: 'GET',
    path: '/v1/training/status/{task_id}',
    summary: 'Current state of a training job',
    stackId: 'required',
  },
  synthesizeSpeech: {
    id: 'speech.create',
    method: 'POST',
    path: '/v1/t2a',
    summary: 'Convert text to speech synchronously',
    stackId: 'required',
  },
  createSpeechTask: {
    id: 'speech.createAsync',
    method: 'POST',
    path: '/v1/t2a/async',
    summary: 'Start an asynchronous speech synthesis task',
    stackId: 'unspecified',
  },
  getSpeechTask: {
    id: 'speech.getAsync',
    method: 'GET',
    path: '/v1/t2a/async/{task_id}',
    summary: 'State and result of an asynchronous speech task (our route: not shown in the spec)',
    stackId: 'unspecified',
  },
  createSandbox: {
    id: 'sandbox.create',
    method: 'POST',
    path: '/v1/code/sandbox',
    summary: 'Create a persistent code sandbox session',
    stackId: 'unspecified',
  },
  uploadFile: {
    id: 'files.upload',
    method: 'POST',
    path: '/v1/files/upload',
    summary: 'Upload a file for use by other endpoints',
    stackId: 'unspecified',
    bodyEncoding: 'multipart',
  },
  getFile: {
    id: 'files.get',
    method: 'GET',
    path: '/v1/files/{file_id}',
    summary:
      'Metadata of an uploaded file and a URL serving its bytes (our route: not shown in the spec)',
    stackId: 'unspecified',
  },
} as const satisfies Record<string, EndpointRouteMeta>;

type RouteOf<K extends keyof typeof definitions & keyof typeof endpointRouteMeta> = EndpointRoute<
  (typeof definitions)[K]
>;

export const generateVideo: RouteOf<'generateVideo'> = endpointRouteMeta.generateVideo;
export const generateImage: RouteOf<'generateImage'> = endpointRouteMeta.generateImage;
export const trainVoice: RouteOf<'trainVoice'> = endpointRouteMeta.trainVoice;
export const listVoices: RouteOf<'listVoices'> = endpointRouteMeta.listVoices;
export const extendVoice: RouteOf<'extendVoice'> = endpointRouteMeta.extendVoice;
export const trainLoraMusic: RouteOf<'trainLoraMusic'> = endpointRouteMeta.trainLoraMusic;
export const trainLoraVideo: RouteOf<'trainLoraVideo'> = endpointRouteMeta.trainLoraVideo;
export const getTrainingStatus: RouteOf<'getTrainingStatus'> = endpointRouteMeta.getTrainingStatus;
export const synthesizeSpeech: RouteOf<'synthesizeSpeech'> = endpointRouteMeta.synthesizeSpeech;
export const createSpeechTask: RouteOf<'createSpeechTask'> = endpointRouteMeta.createSpeechTask;
export const getSpeechTask: RouteOf<'getSpeechTask'> = endpointRouteMeta.getSpeechTask;
export const createSandbox: RouteOf<'createSandbox'> = endpointRouteMeta.createSandbox;
export const uploadFile: RouteOf<'uploadFile'> = endpointRouteMeta.uploadFile;
export const getFile: RouteOf<'getFile'> = endpointRouteMeta.getFile;
