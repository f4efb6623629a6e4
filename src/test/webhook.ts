import type { Webhook } from '../api/contract/notifications';

/** A webhook as the gateway answers it: active, in open mode, with the fields given. */
export function webhookOf(fields: Partial<Webhook> = {}): Webhook {
  return {
    id: 'wh_1',
    url: 'https://hooks.example.com/in',
    events: ['training.completed'],
    format: 'standard',
    scope: 'personal',
    description: '',
    owner: null,
    editable: true,
    status: 'active',
    paused_reason: null,
    failing_since: null,
    created_at: '2026-11-27T08:00:00Z',
    updated_at: '2026-11-27T08:00:00Z',
    secret_hint: 'whsec_…x9Qa',
    previous_secret_until: null,
    ...fields,
  };
}
