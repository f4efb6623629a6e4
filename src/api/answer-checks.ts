import type { AccessMe } from './contract/access';
import type { Budgets } from './contract/budgets';
import type { Inbox } from './contract/inbox';
import { accessModes } from './contract/access-paths';
import { isHistoryError, isHistoryKind, isHistoryStarter } from './history-check';
import {
  hasOnlyKeys,
  isArrayOf,
  isInteger,
  isNullableString,
  isNumber,
  isPlainRecord,
  isStringArray,
} from './hand-check';

/**
 * Hand checks of the gateway's answers every page reads once it is drawn, in gateway mode: who
 * is signed in (./contract/access.ts), the bell's inbox (./contract/inbox.ts) and the budgets
 * the banner tells of (./contract/budgets.ts). Each is true only for a value its schema accepts
 * and returns unchanged; with them a page builds none of those schemas (a hundred and thirty)
 * while the answers are what the contract says. A value a check refuses goes to zod, which
 * names the issue.
 */

const modes: ReadonlySet<unknown> = new Set(accessModes);

const meKeys = new Set(['mode', 'user', 'via']);
const userKeys = new Set(['id', 'name', 'email']);

/** `accessMeSchema`: `GET /api/access/me`. */
export function isAccessMe(value: unknown): value is AccessMe {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, meKeys) &&
    modes.has(value.mode) &&
    (value.user === null || isUser(value.user)) &&
    (value.via === null || value.via === 'session' || value.via === 'token')
  );
}

function isUser(value: unknown): boolean {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, userKeys) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    isNullableString(value.email)
  );
}

const inboxKeys = new Set(['items', 'unread']);
const itemKeys = new Set(['id', 'type', 'title', 'at', 'job', 'url', 'read']);
const jobKeys = new Set([
  'id',
  'kind',
  'name',
  'status',
  'result_urls',
  'cost',
  'error',
  'created_at',
  'updated_at',
  'duration_s',
  'started_by',
  'url',
]);

/** `inboxSchema`: `GET /api/inbox`. */
export function isInbox(value: unknown): value is Inbox {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, inboxKeys) &&
    isArrayOf(value.items, isInboxItem) &&
    isInteger(value.unread)
  );
}

function isInboxItem(value: unknown): boolean {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, itemKeys) &&
    typeof value.id === 'string' &&
    typeof value.type === 'string' &&
    typeof value.title === 'string' &&
    typeof value.at === 'string' &&
    (value.job === null || isNotificationJob(value.job)) &&
    typeof value.url === 'string' &&
    typeof value.read === 'boolean'
  );
}

function isNotificationJob(value: unknown): boolean {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, jobKeys) &&
    typeof value.id === 'string' &&
    isHistoryKind(value.kind) &&
    typeof value.name === 'string' &&
    typeof value.status === 'string' &&
    isStringArray(value.result_urls) &&
    (value.cost === null || isNumber(value.cost)) &&
    (value.error === null || isHistoryError(value.error)) &&
    typeof value.created_at === 'string' &&
    typeof value.updated_at === 'string' &&
    (value.duration_s === null || isNumber(value.duration_s)) &&
    (value.started_by === null || isHistoryStarter(value.started_by)) &&
    typeof value.url === 'string'
  );
}

const budgetsKeys = new Set(['month', 'resets_at', 'team', 'people', 'me', 'can_manage']);
const budgetKeys = new Set([
  'monthly_limit',
  'spend',
  'running',
  'percent',
  'updated_at',
  'updated_by',
]);
const personBudgetKeys = new Set([...budgetKeys, 'id', 'name']);

/** `budgetsSchema`: `GET /api/budgets`. */
export function isBudgets(value: unknown): value is Budgets {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, budgetsKeys) &&
    typeof value.month === 'string' &&
    typeof value.resets_at === 'string' &&
    isBudget(value.team, budgetKeys) &&
    isArrayOf(value.people, isPersonBudget) &&
    isNullableString(value.me) &&
    typeof value.can_manage === 'boolean'
  );
}

function isPersonBudget(value: unknown): boolean {
  return (
    isBudget(value, personBudgetKeys) &&
    typeof (value as Record<string, unknown>).id === 'string' &&
    typeof (value as Record<string, unknown>).name === 'string'
  );
}

function isBudget(value: unknown, keys: ReadonlySet<string>): boolean {
  return (
    isPlainRecord(value) &&
    hasOnlyKeys(value, keys) &&
    (value.monthly_limit === null || isNumber(value.monthly_limit)) &&
    isNumber(value.spend) &&
    isNumber(value.running) &&
    (value.percent === null || isNumber(value.percent)) &&
    isNullableString(value.updated_at) &&
    isNullableString(value.updated_by)
  );
}
