import { Hono, type Context } from 'hono';
import { errorCodes } from '../../src/api/contract/envelope';
import {
  budgetLimitSchema,
  budgetsSchema,
  usagePaths,
  usageQuerySchema,
  usageReportSchema,
} from '../../src/api/contract/usage';
import type { SqlDb } from '../db/sql-db';
import { describeIssues } from '../describe-issues';
import { errorResponse, forbiddenResponse } from '../errors';
import { parsedBody } from '../notify/read-body';
import { viewerOf } from '../notify/viewer';
import type { BudgetStore } from './budgets';
import { usageCsv, usageCsvName } from './usage-csv';
import { usageReport } from './usage-report';

export interface UsageRoutesDeps {
  db: SqlDb;
  budgets: BudgetStore;
  /** Whether the person asking may change budgets (BUDGET_MANAGERS). */
  mayManage: (c: Context) => boolean;
  clock?: () => Date;
}

const limitExample = '{"monthly_limit": 250}';

/** `GET /api/usage` (JSON or CSV), `GET /api/budgets`, `PUT /api/budgets/team|person/{id}`. */
export function usageRoutes({ db, budgets, mayManage, clock = () => new Date() }: UsageRoutesDeps) {
  const app = new Hono();

  app.get(usagePaths.usage, async (c) => {
    const query = usageQuerySchema.safeParse(c.req.query());
    if (!query.success)
      return errorResponse(c, errorCodes.invalidRequest, describeIssues(query.error));
    const report = usageReportSchema.parse(
      await usageReport(db, { query: query.data, now: clock() }),
    );
    if (query.data.format === 'json') return c.json(report);
    return c.body(usageCsv(report), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${usageCsvName(report)}"`,
    });
  });

  const answer = async (c: Context) => {
    const viewer = viewerOf(c);
    return c.json(
      budgetsSchema.parse({ ...(await budgets.read(viewer.id)), can_manage: mayManage(c) }),
    );
  };

  app.get(usagePaths.budgets, answer);

  const refusedChange = (c: Context) =>
    mayManage(c)
      ? null
      : forbiddenResponse(
          c,
          'Only the budget managers this gateway names (BUDGET_MANAGERS) may change budgets.',
        );

  app.put(usagePaths.team, async (c) => {
    const refused = refusedChange(c);
    if (refused) return refused;
    const body = await parsedBody(c, budgetLimitSchema, 'A budget', limitExample);
    if (body instanceof Response) return body;
    await budgets.setLimit('team', '', body.monthly_limit, viewerOf(c).name);
    return answer(c);
  });

  app.put(`${usagePaths.budgets}/person/:id`, async (c) => {
    const refused = refusedChange(c);
    if (refused) return refused;
    const viewer = viewerOf(c);
    if (viewer.id === null)
      return errorResponse(
        c,
        errorCodes.notFound,
        'Nobody signs in to this gateway, so there are no personal budgets: set the team budget.',
      );
    const id = c.req.param('id');
    const known = id === viewer.id || (await budgets.knows(id));
    if (!known)
      return errorResponse(
        c,
        errorCodes.notFound,
        `No person with the id "${id}" has started a job on this gateway.`,
      );
    const body = await parsedBody(c, budgetLimitSchema, 'A budget', limitExample);
    if (body instanceof Response) return body;
    await budgets.setLimit(
      'person',
      id,
      body.monthly_limit,
      viewer.name,
      id === viewer.id ? (viewer.name ?? undefined) : undefined,
    );
    return answer(c);
  });

  return app;
}
