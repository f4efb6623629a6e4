import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { captureLogger, testEnv } from './test-support/gateway-server';

const INDEX = '<!doctype html><title>Media Studio test</title><div id="root"></div>';
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; " +
  "media-src 'self' data: blob: http: https:; connect-src 'self' http: https:; font-src 'self' data:; object-src 'none'; " +
  "base-uri 'self'; frame-ancestors 'none'";

let dist: string;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'media-studio-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  app = createApp({ env: testEnv({ DIST_DIR: dist }), logger: captureLogger() });
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built dashboard', () => {
  it('serves index.html for client-side routes, revalidated on every load', async () => {
    for (const path of ['/', '/voices', '/training/status/abc']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await app.request('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const res = await app.request('/assets/index-old999.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Media Studio');
  });

  it('answers unknown /api paths with the 404 envelope, not the app', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No API endpoint at this path.' },
    });
  });

  it('does not fall back for writes', async () => {
    expect((await app.request('/voices', { method: 'POST' })).status).toBe(404);
  });

  it('sends the security headers and the content security policy', async () => {
    for (const path of ['/voices', '/api/nope']) {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy'), path).toBe(CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});
