import { createSandbox } from '../../../src/api/contract/endpoints';
import { insertSandbox, toSandbox, type SandboxRecord } from '../db/sandboxes-repo';
import { registerEndpoint } from '../http/endpoint-route';
import { newId } from '../principal';
import type { RouteModule } from '../route-module';

/**
 * `POST /v1/code/sandbox`: records the session. The spec shows no way to run code in it, so
 * a sandbox is `ready` at once and stays so; the packages are kept for when one appears.
 */
export const sandboxRoutes: RouteModule = (app, { db, now }) => {
  registerEndpoint(app, createSandbox, ({ body, principal }) => {
    const record: SandboxRecord = {
      sandbox_id: newId('sbx'),
      owner: principal.keyHash,
      stack: principal.stackId,
      language: body.language,
      packages: body.packages,
      status: 'ready',
      created_at: now().toISOString(),
    };
    insertSandbox(db, record);
    // The spec's sandbox response carries no trace_id.
    return { data: toSandbox(record) };
  });
};
