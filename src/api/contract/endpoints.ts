import { getFile, uploadFile } from './file-endpoints';
import { generateImage, generateVideo } from './generation-endpoints';
import { createSandbox } from './sandbox-endpoints';
import { createSpeechTask, getSpeechTask, synthesizeSpeech } from './speech-endpoints';
import {
  getTrainingStatus,
  trainLoraMusic,
  trainLoraVideo,
  trainVoice,
} from './training-endpoints';
import { extendVoice, listVoices } from './voice-endpoints';

/*
 * Every endpoint of the service with its schemas, gathered from the modules of each area
 * (`*-endpoints.ts`). Their routes (method, path, stack id rule) are in endpoint-routes.ts,
 * which pages use so they do not load zod before their first request.
 */

export {
  createSandbox,
  createSpeechTask,
  extendVoice,
  generateImage,
  generateVideo,
  getFile,
  getSpeechTask,
  getTrainingStatus,
  listVoices,
  synthesizeSpeech,
  trainLoraMusic,
  trainLoraVideo,
  trainVoice,
  uploadFile,
};

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
