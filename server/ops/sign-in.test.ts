import { describe, expect, it } from 'vitest';
import { usePasswordGateway } from '../test-support/password-gateway';
import { parseMetrics, sampleValue } from '../test-support/prometheus-text';

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

  it('serves /metrics only to someone signed in, or to a scraper with a token', async () => {
    await gw.start();
    const stranger = await gw.send('/metrics');
    expect(stranger.status).toBe(401);
    expect(stranger.headers.location).toBeUndefined();
    expect(stranger.body).not.toContain('http_requests_total');
    const forged = await gw.send('/metrics', gw.withToken('msat_not-a-real-token'));
    expect(forged.status).toBe(401);
    expect(forged.body).not.toContain('http_requests_total');

    const cookie = await gw.signIn();
    const signedIn = await gw.send('/metrics', { headers: { cookie } });
    expect(signedIn.status).toBe(200);
    const token = await gw.createToken(cookie, 'prometheus');
    const scraper = await gw.send('/metrics', gw.withToken(token));
    expect(scraper.status).toBe(200);
    const samples = parseMetrics(scraper.body);
    // Both refused scrapes were counted, under their route, like any request.
    expect(
      sampleValue(samples, 'http_requests_total', {
        method: 'GET',
        route: '/metrics',
        status: '401',
      }),
    ).toBe(2);
  });
});
