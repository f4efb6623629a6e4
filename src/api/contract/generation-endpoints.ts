import { defineEndpoint } from './endpoint';
import { endpointRouteMeta } from './endpoint-routes';
import {
  generationResponseSchema,
  imageGenerationRequestSchema,
  videoGenerationRequestSchema,
} from './generation';

// Image and video generation. Each area of the service's endpoints is a module of its own: a
// page loads the areas it calls (src/api/endpoint-definitions.ts) and builds no other's schemas.

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
