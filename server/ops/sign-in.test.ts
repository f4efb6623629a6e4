import { describe, expect, it } from 'vitest';
import { usePasswordGateway } from '../test-support/password-gateway';

const gw = usePasswordGateway('ops-sign-in');

describe('on a gateway that asks for a password', () => {
  it('answers the probes without sign-in: a balancer holds no session', async () => {
    await gw.start();
    const health = await gw.send('/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    const ready = await gw.send('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
  });
});
