import { defineEndpoint } from './endpoint';
import { endpointRouteMeta } from './endpoint-routes';
import {
  fileParamsSchema,
  fileResponseSchema,
  fileUploadRequestSchema,
  fileUploadResponseSchema,
} from './files';

// File upload and lookup (see generation-endpoints.ts for the areas).

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
