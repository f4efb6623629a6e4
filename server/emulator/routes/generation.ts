import { generateImage, generateVideo } from '../../../src/api/contract/endpoints';
import { toGenerationData } from '../db/generations-repo';
import { registerEndpoint } from '../http/endpoint-route';
import { runGeneration } from '../generation/generate';
import { createGenerationStore } from '../generation/idempotent-generation';
import type { RouteModule } from '../route-module';

/**
 * `POST /v1/image/generate` and `POST /v1/video/generate`: rendered at once (PNG or H.264 MP4)
 * and answered `completed`, with the tool that ran (the automatic choice for `auto`/none).
 */
export const generationRoutes: RouteModule = (app, deps) => {
  const { db, mediaStore } = deps;
  const store = createGenerationStore(db);

  for (const [endpoint, kind] of [
    [generateImage, 'image'],
    [generateVideo, 'video'],
  ] as const) {
    registerEndpoint(app, endpoint, async ({ body, principal, traceId, origin }) => {
      const record = await store(
        body.idempotency_key,
        { owner: principal.keyHash, endpoint: endpoint.id },
        () =>
          runGeneration(deps, principal, {
            kind,
            endpoint: endpoint.id,
            prompt: body.prompt,
            tool: body.tool,
            parameters: body.parameters ?? {},
          }),
      );
      const data = toGenerationData(record, (mediaId) => mediaStore.urlFor(mediaId, origin));
      return { data, trace_id: traceId };
    });
  }
};
