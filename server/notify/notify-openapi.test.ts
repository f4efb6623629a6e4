import { afterEach, expect, it } from 'vitest';
import type { SqlDb } from '../db/sql-db';
import { testStore, type TestStore } from '../history/test-store';
import { captureLogger } from '../test-support/gateway-server';
import { createNotifier, type Notifier } from './notifier';
import { notifyOpenApiPaths } from './notify-openapi';

let t: TestStore | null = null;
let db: SqlDb | null = null;
let notifier: Notifier | null = null;
afterEach(async () => {
  await notifier?.close();
  await db?.close();
  await t?.cleanup();
});

it('documents every notification route the gateway serves, and no other', async () => {
  t = await testStore('sqlite');
  db = await t.openDb();
  notifier = createNotifier({
    db,
    history: t.store,
    logger: captureLogger(),
    leading: () => false,
    openMode: true,
    policy: { allowPrivate: false },
    publicUrl: () => 'http://127.0.0.1',
    vapidSubject: 'mailto:ops@example.com',
  });
  const served = notifier.routes.routes
    .filter((route) => route.method !== 'HEAD')
    .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
  const documented = Object.entries(notifyOpenApiPaths()).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method} ${path}`),
  );
  expect(served.length).toBeGreaterThanOrEqual(14);
  expect(documented.sort()).toEqual([...new Set(served)].sort());
});
