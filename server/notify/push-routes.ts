import { Hono } from 'hono';
import { errorCodes } from '../../src/api/contract/envelope';
import {
  pushDeviceSchema,
  pushInfoSchema,
  pushPaths,
  pushSubscriptionInputSchema,
  testEventType,
} from '../../src/api/contract/notifications';
import { errorResponse } from '../errors';
import { newMessageId } from '../history/notices';
import type { NotifyRoutesDeps } from './notify-routes';
import { parsedBody } from './read-body';
import { refusalOfUrl } from './safe-target';
import { ownerKey, viewerOf } from './viewer';

const example = '{"endpoint": "https://…", "keys": {"p256dh": "…", "auth": "…"}}';

/** `/api/notifications/push*`: the VAPID key and the devices of the person asking. */
export function pushRoutes({ devices, queue, vapid, wake, policy }: NotifyRoutesDeps): Hono {
  const app = new Hono();

  app.get(pushPaths.info, async (c) => {
    const owner = ownerKey(viewerOf(c));
    return c.json(
      pushInfoSchema.parse({
        public_key: (await vapid()).publicKey,
        devices: await devices.list(owner),
      }),
    );
  });

  app.post(pushPaths.devices, async (c) => {
    const subscription = await parsedBody(
      c,
      pushSubscriptionInputSchema,
      'A subscription',
      example,
    );
    if (subscription instanceof Response) return subscription;
    const refusal = refusalOfUrl(subscription.endpoint, policy);
    if (refusal)
      return errorResponse(c, errorCodes.invalidRequest, refusal.replace(/^url /, 'endpoint '));
    const device = await devices.add(
      ownerKey(viewerOf(c)),
      subscription,
      c.req.header('user-agent') ?? null,
    );
    return c.json(pushDeviceSchema.parse(device), 201);
  });

  app.delete(`${pushPaths.devices}/:id`, async (c) =>
    (await devices.remove(ownerKey(viewerOf(c)), c.req.param('id')!))
      ? c.body(null, 204)
      : errorResponse(c, errorCodes.notFound, 'You have no device with this id.'),
  );

  app.post(pushPaths.test, async (c) => {
    const viewer = viewerOf(c);
    const ids = await devices.idsOf(ownerKey(viewer));
    const messageId = newMessageId();
    for (const id of ids)
      await queue.enqueue({
        channel: 'push',
        targetId: id,
        noticeId: null,
        messageId,
        eventType: testEventType,
        entryId: null,
        origin: 'test',
        payload: {
          type: testEventType,
          timestamp: new Date().toISOString(),
          data: { message: 'Notifications reach this device.' },
        },
      });
    wake();
    return c.json({ sent: ids.length }, 202);
  });

  return app;
}
