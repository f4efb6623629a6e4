import { defineEndpoint } from './endpoint';
import { endpointRouteMeta } from './endpoint-routes';
import { sandboxRequestSchema, sandboxResponseSchema } from './sandbox';

// Code sandboxes (see generation-endpoints.ts for the areas).

export const createSandbox = defineEndpoint({
  ...endpointRouteMeta.createSandbox,
  body: sandboxRequestSchema,
  response: sandboxResponseSchema,
});
