import { Hono } from 'hono';
import { errorCodes } from '../../src/api/contract/envelope';
import {
  inboxPaths,
  inboxQuerySchema,
  inboxReadSchema,
  inboxSchema,
} from '../../src/api/contract/notifications';
import { describeIssues } from '../describe-issues';
import { errorResponse } from '../errors';
import type { NotifyRoutesDeps } from './notify-routes';
import { parsedBody } from './read-body';
import { viewerOf } from './viewer';

/** `/api/inbox*`: what finished since the person asking last looked. */
export function inboxRoutes({ inbox }: NotifyRoutesDeps): Hono {
  const app = new Hono();

  app.get(inboxPaths.list, async (c) => {
    const query = inboxQuerySchema.safeParse(c.req.query());
    if (!query.success)
      return errorResponse(c, errorCodes.invalidRequest, describeIssues(query.error));
    return c.json(
      inboxSchema.parse(await inbox.list(viewerOf(c), query.data.scope, query.data.limit)),
    );
  });

  app.post(inboxPaths.read, async (c) => {
    const read = await parsedBody(c, inboxReadSchema, 'A read mark', '{"all": true}');
    if (read instanceof Response) return read;
    const viewer = viewerOf(c);
    await inbox.markRead(viewer, read);
    const { unread } = await inbox.list(viewer, 'mine', 1);
    return c.json({ unread });
  });

  return app;
}
