import type { AccessMe } from './contract/access';
import type { Budgets } from './contract/budgets';
import type { GatewayStatus } from './contract/gateway';
import type { Inbox } from './contract/inbox';
import { accessModes } from './contract/access-paths';
import { gatewayDatabases, gatewayModes, gatewayPollers } from './contract/gateway-paths';
import { isHistoryError, isHistoryKind, isHistoryStarter } from './history-check';
import {
  arrayOf,
  isBoolean,
  isInteger,
  isNullableString,
  isNumber,
  isString,
  isStringArray,
  nullable,
  objectOf,
  oneOf,
  optional,
} from './hand-check';

/**
 * Hand checks of the gateway's answers every page reads once it is drawn, in gateway mode: who
 * is signed in (./contract/access.ts), the bell's inbox (./contract/inbox.ts) and the budgets
 * the banner tells of (./contract/budgets.ts); and of the gateway's status
 * (./contract/gateway.ts), which Settings shows. Each is true only for a value its schema
 * accepts and returns unchanged; with them a page builds none of those schemas (close to a
 * hundred and forty) while the answers are what the contract says. A value a check refuses goes to zod,
 * which names the issue.
 */

/** `accessMeSchema`: `GET /api/access/me`. */
export const isAccessMe = objectOf({
  mode: oneOf(accessModes),
  user: nullable(objectOf({ id: isString, name: isString, email: isNullableString })),
  via: nullable(oneOf(['session', 'token'])),
}) as (value: unknown) => value is AccessMe;

const isNotificationJob = objectOf({
  id: isString,
  kind: isHistoryKind,
  name: isString,
  status: isString,
  result_urls: isStringArray,
  cost: nullable(isNumber),
  error: nullable(isHistoryError),
  created_at: isString,
  updated_at: isString,
  duration_s: nullable(isNumber),
  started_by: nullable(isHistoryStarter),
  url: isString,
});

/** `inboxSchema`: `GET /api/inbox`. */
export const isInbox = objectOf({
  items: arrayOf(
    objectOf({
      id: isString,
      type: isString,
      title: isString,
      at: isString,
      job: nullable(isNotificationJob),
      url: isString,
      read: isBoolean,
    }),
  ),
  unread: isInteger,
}) as (value: unknown) => value is Inbox;

const budgetFields = {
  monthly_limit: nullable(isNumber),
  spend: isNumber,
  running: isNumber,
  percent: nullable(isNumber),
  updated_at: isNullableString,
  updated_by: isNullableString,
};

/** `budgetsSchema`: `GET /api/budgets`. */
export const isBudgets = objectOf({
  month: isString,
  resets_at: isString,
  team: objectOf(budgetFields),
  people: arrayOf(objectOf({ ...budgetFields, id: isString, name: isString })),
  me: isNullableString,
  can_manage: isBoolean,
}) as (value: unknown) => value is Budgets;

/** `gatewayStatusSchema`: `GET /api/gateway/status`. */
export const isGatewayStatus = objectOf({
  mode: oneOf(gatewayModes),
  upstream_origin: isNullableString,
  credentials: isBoolean,
  database: oneOf(gatewayDatabases),
  poller: optional(oneOf(gatewayPollers)),
}) as (value: unknown) => value is GatewayStatus;
