import type { z } from 'zod';
import {
  budgetLimitSchema,
  budgetsSchema,
  usagePaths,
  usageQuerySchema,
  usageReportSchema,
} from '../../src/api/contract/usage';
import { error, json, jsonSchema, pathParameter } from '../openapi-json';

const queryDescriptions: Record<string, string> = {
  from: 'The first UTC day (YYYY-MM-DD); the first of the month of `to` (or of today) by default.',
  to: 'The last UTC day, included (YYYY-MM-DD); today by default. At most 1,830 days after `from`.',
  group_by: 'The length of each period: `day`, `week` (from Monday) or `month`.',
  by: 'What each row is grouped by: `kind`, `person` or `token`.',
  format: '`json`, or `csv` for a spreadsheet (a header row, then one line per row).',
};

const budgetAnswer = {
  '200': { description: "This month's budgets, after the change.", content: json(budgetsSchema) },
  '400': error('`monthly_limit` is not a number of at least 0, or null.'),
  '403': error('The gateway names budget managers (BUDGET_MANAGERS), and you are not one.'),
};

const limitBody = {
  required: true,
  content: json(budgetLimitSchema, 'input'),
};

/** The usage and budget endpoints' part of the gateway's OpenAPI document (docs/usage.md). */
export function usageOpenApiPaths() {
  return {
    [usagePaths.usage]: {
      get: {
        operationId: 'getUsage',
        summary:
          'Jobs, committed training spend and the counts of what has no cost in the service (generations per tool, speech characters, extends, uploads, sandboxes), per period and group, with totals, top tools and voices, trainings’ queue wait and run time, and this month’s spend and forecast.',
        parameters: Object.entries(usageQuerySchema.shape).map(([name, schema]) => ({
          name,
          in: 'query',
          required: false,
          description: queryDescriptions[name],
          schema: jsonSchema(schema as z.core.$ZodType, 'input'),
        })),
        responses: {
          '200': {
            description: 'The report; with `format=csv`, its rows as CSV.',
            content: {
              ...json(usageReportSchema),
              'text/csv': { schema: { type: 'string' } },
            },
          },
          '400': error('A parameter breaks its rule (named in the message).'),
        },
      },
    },
    [usagePaths.budgets]: {
      get: {
        operationId: 'getBudgets',
        summary:
          "This month's team budget and each person's, with what each has committed (completed trainings' `total_cost` plus running ones' `cost_estimate`).",
        responses: { '200': { description: 'The budgets.', content: json(budgetsSchema) } },
      },
    },
    [usagePaths.team]: {
      put: {
        operationId: 'setTeamBudget',
        summary:
          "Sets the team's monthly limit (`null` removes it). A training start is refused with 402 `budget_exceeded` while this month's committed spend is at or over it.",
        requestBody: limitBody,
        responses: budgetAnswer,
      },
    },
    [`${usagePaths.budgets}/person/{id}`]: {
      put: {
        operationId: 'setPersonBudget',
        summary:
          "Sets one person's monthly limit (`null` removes it); their own training starts are refused past it.",
        parameters: [pathParameter('id', 'The person’s user id, as `started_by.id` shows it.')],
        requestBody: limitBody,
        responses: {
          ...budgetAnswer,
          '404': error(
            'Nobody with this id has started a job here, or nobody signs in to this gateway.',
          ),
        },
      },
    },
  };
}
