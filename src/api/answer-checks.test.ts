import { describe, expect, it } from 'vitest';
import { accessMeSchema } from './contract/access';
import { budgetSchema, budgetsSchema } from './contract/budgets';
import { gatewayStatusSchema } from './contract/gateway';
import { inboxItemSchema, inboxSchema, notificationJobSchema } from './contract/inbox';
import { isAccessMe, isBudgets, isGatewayStatus, isInbox } from './answer-checks';
import { badValues, expectAgreement as agrees, withBadFields } from '../test/hand-check-agreement';

describe('isAccessMe', () => {
  const me = { mode: 'password', user: { id: 'u1', name: 'Ada', email: null }, via: 'session' };
  const open = { mode: 'open', user: null, via: null };

  it('refuses what is not an object, without throwing', () => {
    for (const value of [null, undefined, [], 'me', 1, true]) {
      expect(isAccessMe(value)).toBe(false);
      expect(isInbox(value)).toBe(false);
      expect(isBudgets(value)).toBe(false);
      expect(isGatewayStatus(value)).toBe(false);
    }
  });

  it('accepts who is signed in as the gateway answers it', () => {
    for (const value of [me, open, { ...me, via: 'token', user: { ...me.user, email: 'a@b.c' } }]) {
      expect(isAccessMe(value)).toBe(true);
      expect(accessMeSchema.parse(value)).toStrictEqual(value);
    }
  });

  it('agrees with the schema on every wrong field, and leaves unknown ones to zod', () => {
    for (const value of withBadFields(['mode', 'user', 'via'], (f, bad) => ({ ...me, [f]: bad })))
      agrees(accessMeSchema, isAccessMe, value);
    for (const value of withBadFields(['id', 'name', 'email'], (f, bad) => ({
      ...me,
      user: { ...me.user, [f]: bad },
    })))
      agrees(accessMeSchema, isAccessMe, value);
    expect(isAccessMe({ ...me, mode: 'saml' })).toBe(false);
    expect(isAccessMe({ ...me, csrf: 'x' })).toBe(false);
    expect(isAccessMe({ ...me, user: { ...me.user, role: 'admin' } })).toBe(false);
  });
});

describe('isInbox', () => {
  const job = {
    id: 'task_1',
    kind: 'voice',
    name: 'narrator',
    status: 'completed',
    result_urls: ['https://cdn.example.com/v.bin'],
    cost: 1.5,
    error: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:20:00.000Z',
    duration_s: 1200,
    started_by: { id: 'u1', name: 'Ada', token: null },
    url: '/jobs/task_1',
  };
  const item = {
    id: 'n1',
    type: 'job.completed',
    title: 'Training narrator completed',
    at: '2026-03-01T10:20:00.000Z',
    job,
    url: '/jobs/task_1',
    read: false,
  };
  const failed = {
    ...job,
    status: 'failed',
    cost: null,
    duration_s: null,
    started_by: null,
    error: { code: 'upstream_error', message: 'No GPU' },
  };
  const webhookNotice = { ...item, id: 'n2', type: 'webhook.failing', job: null, read: true };

  it('accepts the bell’s inbox as the gateway answers it', () => {
    const inboxes = [
      { items: [], unread: 0 },
      { items: [item, { ...item, id: 'n3', job: failed }, webhookNotice], unread: 2 },
    ];
    for (const value of inboxes) {
      expect(isInbox(value)).toBe(true);
      expect(inboxSchema.parse(value)).toStrictEqual(value);
    }
  });

  it('agrees with the schema on every wrong field of an item and of its job', () => {
    const inboxOf = (entry: unknown) => ({ items: [item, entry], unread: 1 });
    for (const value of withBadFields(Object.keys(inboxItemSchema.shape), (f, bad) =>
      inboxOf({ ...item, [f]: bad }),
    ))
      agrees(inboxSchema, isInbox, value);
    for (const value of withBadFields(Object.keys(notificationJobSchema.shape), (f, bad) =>
      inboxOf({ ...item, job: { ...job, [f]: bad } }),
    ))
      agrees(inboxSchema, isInbox, value);
    for (const bad of badValues) agrees(inboxSchema, isInbox, { items: [item], unread: bad });
    expect(isInbox({ items: [{ ...item, job: { ...job, kind: 'song' } }], unread: 0 })).toBe(false);
    expect(
      isInbox({ items: [{ ...item, job: { ...job, error: { code: 'x' } } }], unread: 0 }),
    ).toBe(false);
    expect(isInbox({ items: [{ ...item, pinned: true }], unread: 0 })).toBe(false);
  });
});

describe('isBudgets', () => {
  const budget = {
    monthly_limit: 100,
    spend: 42.5,
    running: 10,
    percent: 42.5,
    updated_at: '2026-03-01T10:00:00.000Z',
    updated_by: 'u1',
  };
  const none = {
    ...budget,
    monthly_limit: null,
    percent: null,
    updated_at: null,
    updated_by: null,
  };
  const budgets = {
    month: '2026-03',
    resets_at: '2026-04-01T00:00:00.000Z',
    team: budget,
    people: [
      { ...none, id: 'u1', name: 'Ada' },
      { ...budget, id: 'u2', name: 'Lin' },
    ],
    me: 'u1',
    can_manage: true,
  };

  it('accepts the budgets as the gateway answers them', () => {
    for (const value of [budgets, { ...budgets, team: none, people: [], me: null }]) {
      expect(isBudgets(value)).toBe(true);
      expect(budgetsSchema.parse(value)).toStrictEqual(value);
    }
  });

  it('agrees with the schema on every wrong field of the answer, the team’s and a person’s', () => {
    for (const value of withBadFields(Object.keys(budgetsSchema.shape), (f, bad) => ({
      ...budgets,
      [f]: bad,
    })))
      agrees(budgetsSchema, isBudgets, value);
    for (const value of withBadFields(Object.keys(budgetSchema.shape), (f, bad) => ({
      ...budgets,
      team: { ...budget, [f]: bad },
    })))
      agrees(budgetsSchema, isBudgets, value);
    for (const value of withBadFields(
      [...Object.keys(budgetSchema.shape), 'id', 'name'],
      (f, bad) => ({
        ...budgets,
        people: [{ ...budget, id: 'u2', name: 'Lin', [f]: bad }],
      }),
    ))
      agrees(budgetsSchema, isBudgets, value);
    // The team's budget has no id or name: zod would drop them.
    expect(isBudgets({ ...budgets, team: { ...budget, id: 'team' } })).toBe(false);
    expect(isBudgets({ ...budgets, people: [{ ...budget, name: 'Lin' }] })).toBe(false);
  });
});

describe('isGatewayStatus', () => {
  const emulator = {
    mode: 'emulator',
    upstream_origin: null,
    credentials: false,
    database: 'sqlite',
    poller: 'leading',
  };
  const upstream = {
    mode: 'upstream',
    upstream_origin: 'https://api.example.com',
    credentials: true,
    database: 'postgres',
    poller: 'standby',
  };

  it('accepts the status as a gateway answers it, with its poller or without one', () => {
    const { poller: _, ...noHistory } = emulator;
    for (const value of [emulator, upstream, noHistory]) {
      expect(isGatewayStatus(value)).toBe(true);
      expect(gatewayStatusSchema.parse(value)).toStrictEqual(value);
    }
  });

  it('agrees with the schema on every wrong field, and leaves unknown ones to zod', () => {
    for (const value of withBadFields(Object.keys(gatewayStatusSchema.shape), (f, bad) => ({
      ...upstream,
      [f]: bad,
    })))
      agrees(gatewayStatusSchema, isGatewayStatus, value);
    expect(isGatewayStatus({ ...upstream, mode: 'proxy' })).toBe(false);
    expect(isGatewayStatus({ ...upstream, database: 'mysql' })).toBe(false);
    expect(isGatewayStatus({ ...upstream, poller: 'paused' })).toBe(false);
    expect(isGatewayStatus({ ...upstream, api_key: 'sk-x' })).toBe(false);
  });
});
