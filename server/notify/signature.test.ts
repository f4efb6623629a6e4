import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, secretHint, signatureOf, webhookHeaders } from './signature';

const body = JSON.stringify({ type: 'training.completed', data: { name: 'my_voice' } });
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('newWebhookSecret', () => {
  it('is whsec_ and 32 random bytes in base64', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});

describe('signatureOf', () => {
  it('matches an HMAC computed by hand over id.timestamp.body with the decoded key', () => {
    const key = Buffer.alloc(32, 7);
    const secret = `whsec_${key.toString('base64')}`;
    const expected = createHmac('sha256', key).update('msg_1.1700000000.{"a":1}').digest('base64');
    expect(signatureOf(secret, 'msg_1', 1_700_000_000, '{"a":1}')).toBe(`v1,${expected}`);
  });

  it('gives the example of the Standard Webhooks specification', () => {
    expect(
      signatureOf(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});

describe('webhookHeaders, checked by the standardwebhooks library', () => {
  it('verifies with the one secret', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders([secret], 'msg_a', nowSeconds(), body);
    expect(headers['webhook-id']).toBe('msg_a');
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('verifies with the new and with the old secret during a rotation', () => {
    const fresh = newWebhookSecret();
    const old = newWebhookSecret();
    const headers = webhookHeaders([fresh, old], 'msg_b', nowSeconds(), body);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(fresh).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(old).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('fails for a tampered body', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders([secret], 'msg_c', nowSeconds(), body);
    expect(() =>
      new Webhook(secret).verify(body.replace('my_voice', 'your_voice'), headers),
    ).toThrow(/signature/i);
  });

  it('fails for a wrong secret', () => {
    const headers = webhookHeaders([newWebhookSecret()], 'msg_d', nowSeconds(), body);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/signature/i);
  });

  it('fails for another message id than the one signed', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders([secret], 'msg_e', nowSeconds(), body);
    expect(() =>
      new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_other' }),
    ).toThrow(/signature/i);
  });

  it('fails for a stale timestamp, even correctly signed', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders([secret], 'msg_f', nowSeconds() - 10 * 60, body);
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/too old/i);
  });
});

describe('secretHint', () => {
  it('shows the prefix and the last four characters only', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(secretHint(secret)).toBe('whsec_…LaSw');
  });
});
