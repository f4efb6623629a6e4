import { Hono, type Context } from 'hono';
import { errorCodes } from '../../src/api/contract/envelope';
import {
  createWebhookSchema,
  testEventType,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookPaths,
  webhookSchema,
  webhookWithSecretSchema,
  type Webhook,
} from '../../src/api/contract/notifications';
import { errorResponse, forbiddenResponse } from '../errors';
import { newMessageId } from '../history/notices';
import { toDelivery } from './delivery-queue';
import type { NotifyRoutesDeps } from './notify-routes';
import { parsedBody } from './read-body';
import { refusalOfUrl } from './safe-target';
import { viewerOf, type Viewer } from './viewer';

/** Route patterns (webhookPaths would encode the `:` of a parameter). */
const one = `${webhookPaths.list}/:id`;
/** The deliveries a webhook's log shows. */
const deliveriesShown = 50;

const example = '{"url": "https://example.com/hooks/media", "events": ["training.completed"]}';

/** `/api/webhooks*`: each person's webhooks and the team's, their secrets and delivery logs. */
export function webhookRoutes({ webhooks, queue, policy, wake }: NotifyRoutesDeps): Hono {
  const app = new Hono();
  const id = (c: Context) => c.req.param('id')!;

  /** A static look at the URL: the address is checked again at each attempt. */
  const urlRefusal = (c: Context, url: string | undefined) => {
    const refusal = url === undefined ? null : refusalOfUrl(url, policy);
    return refusal ? errorResponse(c, errorCodes.invalidRequest, refusal) : null;
  };

  /** Runs `handle` on a webhook the viewer may see (and, for `edit`, change). */
  const withWebhook =
    (
      access: 'see' | 'edit',
      handle: (c: Context, webhook: Webhook, viewer: Viewer) => Promise<Response>,
    ) =>
    async (c: Context) => {
      const viewer = viewerOf(c);
      const webhook = await webhooks.get(id(c), viewer);
      if (!webhook) return errorResponse(c, errorCodes.notFound, 'No webhook with this id.');
      if (access === 'edit' && !webhook.editable)
        return forbiddenResponse(
          c,
          `This webhook belongs to ${webhook.owner?.name ?? 'someone else'}: only they can change it.`,
        );
      return handle(c, webhook, viewer);
    };

  app.get(webhookPaths.list, async (c) =>
    c.json(webhookListSchema.parse({ data: await webhooks.list(viewerOf(c)) })),
  );

  app.post(webhookPaths.list, async (c) => {
    const input = await parsedBody(c, createWebhookSchema, 'A webhook', example);
    if (input instanceof Response) return input;
    const refused = urlRefusal(c, input.url);
    if (refused) return refused;
    const { webhook, secret } = await webhooks.create(input, viewerOf(c));
    return c.json(webhookWithSecretSchema.parse({ ...webhook, secret }), 201);
  });

  app.get(
    one,
    withWebhook('see', async (c, webhook) => c.json(webhookSchema.parse(webhook))),
  );

  app.patch(
    one,
    withWebhook('edit', async (c, webhook, viewer) => {
      const change = await parsedBody(c, updateWebhookSchema, 'A webhook change', example);
      if (change instanceof Response) return change;
      const refused = urlRefusal(c, change.url);
      if (refused) return refused;
      const updated = await webhooks.update(webhook.id, change, viewer);
      if (change.paused === false) wake();
      return c.json(webhookSchema.parse(updated));
    }),
  );

  app.delete(
    one,
    withWebhook('edit', async (c, webhook) => {
      await webhooks.remove(webhook.id);
      return c.body(null, 204);
    }),
  );

  app.post(
    `${one}/rotate-secret`,
    withWebhook('edit', async (c, webhook, viewer) => {
      const rotated = await webhooks.rotate(webhook.id, viewer);
      if (!rotated) return errorResponse(c, errorCodes.notFound, 'No webhook with this id.');
      return c.json(webhookWithSecretSchema.parse({ ...rotated.webhook, secret: rotated.secret }));
    }),
  );

  app.get(
    `${one}/deliveries`,
    withWebhook('see', async (c, webhook) =>
      c.json(
        webhookDeliveryListSchema.parse({
          data: await queue.listFor(webhook.id, deliveriesShown),
        }),
      ),
    ),
  );

  app.post(
    `${one}/test`,
    withWebhook('edit', async (c, webhook, viewer) => {
      const messageId = newMessageId();
      const deliveryId = await queue.enqueue({
        channel: 'webhook',
        targetId: webhook.id,
        noticeId: null,
        messageId,
        eventType: testEventType,
        entryId: null,
        origin: 'test',
        payload: {
          type: testEventType,
          timestamp: new Date().toISOString(),
          data: {
            webhook_id: webhook.id,
            message: `A test event from Media Studio${viewer.name ? `, sent by ${viewer.name}` : ''}.`,
          },
        },
      });
      wake();
      return c.json(webhookDeliverySchema.parse(await deliveryAnswer(deliveryId!)), 202);
    }),
  );

  app.post(
    `${one}/deliveries/:deliveryId/redeliver`,
    withWebhook('edit', async (c, webhook) => {
      const row = await queue.get(c.req.param('deliveryId')!);
      if (!row || row.channel !== 'webhook' || row.target_id !== webhook.id)
        return errorResponse(c, errorCodes.notFound, 'This webhook has no delivery with this id.');
      const deliveryId = await queue.redeliver(row);
      wake();
      return c.json(webhookDeliverySchema.parse(await deliveryAnswer(deliveryId)), 202);
    }),
  );

  async function deliveryAnswer(deliveryId: string) {
    return toDelivery((await queue.get(deliveryId))!, []);
  }

  return app;
}
