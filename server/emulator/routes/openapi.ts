import { openApiPath } from '../http/public-paths';
import { buildOpenApiDocument } from '../openapi/build-document';
import { requestOrigin } from '../origin';
import type { RouteModule } from '../route-module';

/** `GET /api/v1/openapi.json`: public, with this request's origin as the server URL. */
export const openApiRoutes: RouteModule = (app) => {
  app.get(openApiPath, (c) => c.json(buildOpenApiDocument(requestOrigin(c))));
};
