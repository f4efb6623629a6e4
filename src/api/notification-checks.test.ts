import { describe, expect, it } from 'vitest';
import { pushInfoSchema, webhookListSchema, webhookSchema } from './contract/notifications';
import { isPushInfo, isWebhook, isWebhookList } from './notification-checks';
import { expectAgreement as agrees, withBadFields } from '../test/hand-check-agreement';
import { webhookOf } from '../test/webhook';

const webhook = webhookOf({
  events: ['training.completed', 'budget.reached'],
  description: 'Build room',
  owner: { id: 'u1', name: 'Ada' },
});
const device = {
  id: 'pd_1',
  user_agent: 'Mozilla/5.0 (Android 14)',
  service: 'https://fcm.googleapis.com',
  created_at: '2026-11-27T08:00:00Z',
  last_push_at: null,
};

describe('isWebhook and isWebhookList', () => {
  const paused = {
    ...webhook,
    owner: null,
    format: 'slack',
    scope: 'team',
    status: 'paused',
    paused_reason: 'Failing for 5 days',
    failing_since: '2026-11-22T08:00:00Z',
    previous_secret_until: '2026-11-28T08:00:00Z',
    events: [],
  };

  it('refuses what is not an object, without throwing', () => {
    for (const value of [null, undefined, [], 'webhooks', 1, true]) {
      expect(isWebhook(value)).toBe(false);
      expect(isWebhookList(value)).toBe(false);
      expect(isPushInfo(value)).toBe(false);
    }
  });

  it('accepts the webhooks as the gateway answers them, as the schema returns them', () => {
    for (const value of [webhook, paused]) {
      expect(isWebhook(value)).toBe(true);
      expect(webhookSchema.parse(value)).toStrictEqual(value);
    }
    for (const value of [{ data: [] }, { data: [webhook, paused] }]) {
      expect(isWebhookList(value)).toBe(true);
      expect(webhookListSchema.parse(value)).toStrictEqual(value);
    }
  });

  it('agrees with the schema on every wrong field of a webhook and of its owner', () => {
    for (const value of withBadFields(Object.keys(webhookSchema.shape), (f, bad) => ({
      ...webhook,
      [f]: bad,
    }))) {
      agrees(webhookSchema, isWebhook, value);
      agrees(webhookListSchema, isWebhookList, { data: [paused, value] });
    }
    for (const value of withBadFields(['id', 'name'], (f, bad) => ({
      ...webhook,
      owner: { ...webhook.owner, [f]: bad },
    })))
      agrees(webhookSchema, isWebhook, value);
  });

  it('leaves to zod an unknown event, format, scope or status, and a key zod would drop', () => {
    for (const value of [
      { ...webhook, events: ['training.completed', 'job.deleted'] },
      { ...webhook, format: 'teams' },
      { ...webhook, scope: 'everyone' },
      { ...webhook, status: 'failing' },
      { ...webhook, secret: 'whsec_abc' },
      { ...webhook, owner: { id: 'u1', name: 'Ada', email: 'ada@example.com' } },
    ]) {
      expect(isWebhook(value)).toBe(false);
      agrees(webhookSchema, isWebhook, value);
    }
    expect(isWebhookList({ data: [webhook], next: null })).toBe(false);
    expect(isWebhookList({ data: webhook })).toBe(false);
  });
});

describe('isPushInfo', () => {
  const info = {
    public_key: 'BAbc',
    devices: [device, { ...device, id: 'pd_2', user_agent: null }],
  };

  it('accepts the key and devices as the gateway answers them, as the schema returns them', () => {
    for (const value of [info, { public_key: 'BAbc', devices: [] }]) {
      expect(isPushInfo(value)).toBe(true);
      expect(pushInfoSchema.parse(value)).toStrictEqual(value);
    }
  });

  it('agrees with the schema on every wrong field of the answer and of a device', () => {
    for (const value of withBadFields(['public_key', 'devices'], (f, bad) => ({
      ...info,
      [f]: bad,
    })))
      agrees(pushInfoSchema, isPushInfo, value);
    for (const value of withBadFields(Object.keys(device), (f, bad) => ({
      ...info,
      devices: [device, { ...device, [f]: bad }],
    })))
      agrees(pushInfoSchema, isPushInfo, value);
    expect(isPushInfo({ ...info, devices: [{ ...device, endpoint: 'https://push' }] })).toBe(false);
  });
});
