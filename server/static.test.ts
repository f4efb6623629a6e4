import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../build/precompress';
import { createApp } from './app';
import { staticRoutes } from './static';
import { directModeCookie } from '../src/api/contract/direct-mode';
import { captureLogger, startGateway, testEnv } from './test-support/gateway-server';

/** The theme script of a real index.html: inline, allowed by its hash. */
const THEME = "document.documentElement.classList.toggle('dark', true);";
/** Over 1 KiB, like the real one, so the build gives it .br and .gz siblings. */
const INDEX =
  `<!doctype html><html lang="en"><title>Media Studio test</title><script>${THEME}</script>` +
  `<div id="root"></div>\n${'<link rel="modulepreload" href="/assets/chunk.js">\n'.repeat(30)}`;
const APP_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};`;
const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const CSP =
  `default-src 'self'; script-src 'self' ${hashOf(THEME)}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; ` +
  "media-src 'self' data: blob: http: https:; connect-src 'self' blob: http: https:; font-src 'self' data:; object-src 'none'; " +
  "base-uri 'self'; frame-ancestors 'none'";

let dist: string;
let app: ReturnType<typeof createApp>;

/** A built dashboard, precompressed by the same code as the real build. */
async function writeDist(dir: string, index: string) {
  writeFileSync(join(dir, 'index.html'), index);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  mkdirSync(join(dir, 'icons'), { recursive: true });
  writeFileSync(join(dir, 'icons', 'icon-192.png'), Buffer.alloc(2048, 1));
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'app-def456.js'), APP_JS);
  await precompressDir(dir);
}

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(path, { method, headers });

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'media-studio-dist-'));
  await writeDist(dist, INDEX);
  app = createApp({ env: testEnv({ DIST_DIR: dist }), logger: captureLogger() });
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built dashboard', () => {
  it('serves index.html for client-side routes, revalidated on every load', async () => {
    for (const path of ['/', '/voices', '/training/status/abc', '/jobs/abc', '/jobs/task.v2']) {
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
    for (const path of ['/favicon.svg', '/robots.txt', '/icons/icon-192.png']) {
      const file = await app.request(path);
      expect(file.status, path).toBe(200);
      expect(file.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const res = await app.request('/assets/index-old999.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Media Studio');
  });

  it('answers any other missing file with 404, not with the app', async () => {
    for (const path of ['/favicon.ico', '/wp-login.php', '/x.png', '/.env', '/voices/list.json']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await get(path, {}, method);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.get('content-type'), path).not.toContain('text/html');
      }
    }
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

  it('sends the security headers, the CSP allowing index.html inline script by its hash', async () => {
    for (const path of ['/voices', '/api/nope', '/assets/app-def456.js']) {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy'), path).toBe(CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      const permissions = res.headers.get('permissions-policy')?.split(', ');
      expect(permissions, path).toContain('microphone=(self)');
      expect(permissions, path).toContain('camera=()');
      expect(permissions, path).toContain('geolocation=()');
    }
  });
  it('leaves the document-only headers off a chunk a page loads, not off a worker or a document', async () => {
    const chunk = await app.request('/assets/app-def456.js', {
      headers: { 'sec-fetch-dest': 'script' },
    });
    expect(chunk.status).toBe(200);
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options'])
      expect(chunk.headers.get(name), name).toBeNull();
    expect(chunk.headers.get('x-content-type-options')).toBe('nosniff');
    expect(chunk.headers.get('referrer-policy')).toBe('no-referrer');
    expect(chunk.headers.get('vary')).toContain('Sec-Fetch-Dest');

    const worker = await app.request('/assets/app-def456.js', {
      headers: { 'sec-fetch-dest': 'worker' },
    });
    expect(worker.headers.get('content-security-policy')).toBe(CSP);
    expect(worker.headers.get('vary')).toContain('Sec-Fetch-Dest');

    const page = await app.request('/voices', { headers: { 'sec-fetch-dest': 'script' } });
    expect(page.headers.get('content-security-policy')).toBe(CSP);
  });
});

describe('prerendered pages', () => {
  let pagesApp: ReturnType<typeof createApp>;
  let pagesDist: string;
  const TRAIN = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Train</h1></div>');
  const HOME = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Home</h1></div>');
  beforeAll(async () => {
    pagesDist = mkdtempSync(join(tmpdir(), 'media-studio-pages-'));
    mkdirSync(join(pagesDist, 'pages'));
    writeFileSync(join(pagesDist, 'pages', 'train.html'), TRAIN);
    writeFileSync(join(pagesDist, 'pages', 'home.html'), HOME);
    writeFileSync(
      join(pagesDist, 'pages', 'pages.json'),
      JSON.stringify({
        '/': { file: 'pages/home.html', href: '/' },
        '/train': { file: 'pages/train.html', href: '/train?form=voice' },
        // Listed, but missing from the folder: the shell answers.
        '/files': { file: 'pages/files.html', href: '/files' },
      }),
    );
    await writeDist(pagesDist, INDEX);
    pagesApp = createApp({ env: testEnv({ DIST_DIR: pagesDist }), logger: captureLogger() });
  });
  afterAll(() => rmSync(pagesDist, { recursive: true, force: true }));

  const body = async (path: string, headers: Record<string, string> = {}) => {
    const res = await pagesApp.request(path, { headers });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type'), path).toContain('text/html');
    expect(res.headers.get('cache-control'), path).toBe('no-cache');
    return res.text();
  };

  it('answers a page’s path, bare or with the search the app gives it, with that page', async () => {
    expect(await body('/train')).toBe(TRAIN);
    expect(await body('/train?form=voice')).toBe(TRAIN);
    expect(await body('/')).toBe(HOME);
  });

  it('answers any other search, any other path and a missing page with the shell', async () => {
    for (const path of [
      '/train?form=music',
      '/train?form=voice&x=1',
      '/train/',
      '/files',
      '/voices',
    ])
      expect(await body(path), path).toBe(INDEX);
    expect(await body('/jobs/abc')).toBe(INDEX);
  });

  it('sends the page compressed when the client accepts it, with its own ETag', async () => {
    const res = await pagesApp.request('/train', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(TRAIN);
    const shell = await pagesApp.request('/voices', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('etag')).not.toBe(shell.headers.get('etag'));
  });

  it('writes the theme a browser chose into the page and the shell, compressed as it goes', async () => {
    const dark = await pagesApp.request('/train', {
      headers: { 'accept-encoding': 'br', cookie: 'media-studio-theme=dark' },
    });
    expect(dark.headers.get('content-encoding')).toBe('br');
    expect(dark.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(dark.headers.get('cache-control')).toBe('no-cache');
    // Not the page as built: its ETag would revalidate the built page's copy.
    expect(dark.headers.get('etag')).toBeNull();
    expect(brotliDecompressSync(Buffer.from(await dark.arrayBuffer())).toString()).toBe(
      TRAIN.replace('<html lang="en">', '<html data-theme="dark" lang="en">'),
    );
    const shell = await body('/voices', { cookie: 'other=1; media-studio-theme=light' });
    expect(shell).toBe(INDEX.replace('<html lang="en">', '<html data-theme="light" lang="en">'));
  });

  it('sends the page as built for the system theme, or a cookie that names no theme', async () => {
    for (const cookie of [
      'media-studio-theme=',
      'media-studio-theme=system',
      'media-studio-theme=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      'theme=dark',
    ]) {
      const res = await pagesApp.request('/train', { headers: { cookie } });
      expect(await res.text(), cookie).toBe(TRAIN);
      expect(res.headers.get('etag'), cookie).not.toBeNull();
    }
  });
});

describe('pages drawn on request', () => {
  let dist: string;
  const TRAIN = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Train</h1></div>');
  const DRAWN = `<!doctype html><html lang="en"><p>${'A board drawn with the jobs of the gateway. '.repeat(40)}</p>`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'media-studio-live-'));
    mkdirSync(join(dist, 'pages'));
    mkdirSync(join(dist, 'render'));
    writeFileSync(join(dist, 'pages', 'train.html'), TRAIN);
    writeFileSync(join(dist, 'render', 'prerender.js'), 'export const secret = 1;');
    writeFileSync(
      join(dist, 'pages', 'pages.json'),
      JSON.stringify({ '/train': { file: 'pages/train.html', href: '/train?form=voice' } }),
    );
    await writeDist(dist, INDEX);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('sends what the page is drawn as, never cached, compressed as it goes', async () => {
    const asked: [string, string][] = [];
    const app = staticRoutes(dist, {
      live: (path, built) => {
        asked.push([path, built]);
        return Promise.resolve(DRAWN);
      },
    });
    const res = await app.request('/train?form=voice', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(DRAWN);
    expect(asked).toEqual([['/train', TRAIN]]);
    // In the theme the browser chose, as a built page is.
    const dark = await app.request('/train', { headers: { cookie: 'media-studio-theme=dark' } });
    expect(dark.headers.get('cache-control')).toBe('no-store');
    expect(await dark.text()).toBe(DRAWN.replace('<html lang', '<html data-theme="dark" lang'));
  });

  it('sends a browser in direct mode the page as built, without drawing it', async () => {
    const asked: string[] = [];
    const app = staticRoutes(dist, {
      live: (path) => {
        asked.push(path);
        return Promise.resolve(DRAWN);
      },
    });
    const direct = await app.request('/train', {
      headers: { cookie: `theme=dark; ${directModeCookie}=1` },
    });
    expect(await direct.text()).toBe(TRAIN);
    expect(asked).toEqual([]);
    // A cleared cookie, as gateway mode leaves it, draws the page again.
    const cleared = await app.request('/train', { headers: { cookie: `${directModeCookie}=` } });
    expect(await cleared.text()).toBe(DRAWN);
    expect(asked).toEqual(['/train']);
  });

  it('sends the page as built when it is not drawn again, and never the renderer itself', async () => {
    const app = staticRoutes(dist, { live: () => Promise.resolve(null) });
    const res = await app.request('/train');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(TRAIN);
    expect((await app.request('/render/prerender.js')).status).toBe(404);
  });
});

describe('content negotiation for built files', () => {
  const decode = {
    br: (bytes: Buffer) => brotliDecompressSync(bytes).toString(),
    gzip: (bytes: Buffer) => gunzipSync(bytes).toString(),
    identity: (bytes: Buffer) => bytes.toString(),
  };
  const cases: Array<[string | undefined, keyof typeof decode]> = [
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['BR;Q=0.8, GZIP;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ];

  it.each(cases)('Accept-Encoding %s gets %s', async (accept, coding) => {
    for (const [path, text] of [
      ['/assets/app-def456.js', APP_JS],
      ['/', INDEX],
    ] as const) {
      const res = await get(path, accept === undefined ? {} : { 'Accept-Encoding': accept });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-encoding'), path).toBe(coding === 'identity' ? null : coding);
      // A script's answer also depends on what asked for it (server/subresource-headers.ts).
      expect(res.headers.get('vary'), path).toBe(
        path === '/' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding, Sec-Fetch-Dest',
      );
      expect(res.headers.get('content-type'), path).toMatch(/^(text\/javascript|text\/html)/);
      expect(res.headers.get('content-length'), path).toBe(String(bytes.length));
      expect(decode[coding](bytes), path).toBe(text);
      if (coding !== 'identity') expect(bytes.length, path).toBeLessThan(text.length);
    }
  });

  it('sends a file too small to compress as it is, still varying by encoding', async () => {
    const res = await get('/robots.txt', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe('User-agent: *\nAllow: /\n');
  });

  it('never varies an image by encoding', async () => {
    const res = await get('/icons/icon-192.png', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBe(2048);
  });

  it('revalidates index.html with a strong ETag per encoding: 304 when it still matches', async () => {
    const br = await get('/', { 'Accept-Encoding': 'br' });
    const gzip = await get('/', { 'Accept-Encoding': 'gzip' });
    const plain = await get('/');
    const tags = [br, gzip, plain].map((res) => res.headers.get('etag'));
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(new Set(tags).size).toBe(3);

    // The same page under a client route, and the weak form of the tag, still match.
    for (const [path, tag] of [
      ['/', tags[0]!],
      ['/voices', tags[0]!],
      ['/jobs', `W/${tags[0]}`],
      ['/', `"other", ${tags[0]}`],
    ]) {
      const res = await get(path!, { 'Accept-Encoding': 'br', 'If-None-Match': tag! });
      expect(res.status, `${path} ${tag}`).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(tags[0]);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    }
    // A theme chosen since: the copy the browser holds is not the page it is sent now.
    const themed = await get('/', {
      'Accept-Encoding': 'br',
      'If-None-Match': tags[0]!,
      cookie: 'media-studio-theme=dark',
    });
    expect(themed.status).toBe(200);
    // Another encoding is other bytes: the tag of the brotli copy does not match them.
    const other = await get('/', { 'Accept-Encoding': 'gzip', 'If-None-Match': tags[0]! });
    expect(other.status).toBe(200);
    expect(gunzipSync(Buffer.from(await other.arrayBuffer())).toString()).toBe(INDEX);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const path of ['/assets/app-def456.js', '/voices', '/robots.txt']) {
      const full = await get(path, { 'Accept-Encoding': 'br' });
      const head = await get(path, { 'Accept-Encoding': 'br' }, 'HEAD');
      expect(head.status, path).toBe(200);
      for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'vary'])
        expect(head.headers.get(name), `${path} ${name}`).toBe(full.headers.get(name));
      expect(await head.text(), path).toBe('');
    }
  });

  it('over a real socket, sends exactly the bytes the headers announce', async () => {
    const gateway = await startGateway(app);
    try {
      const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
        (done, fail) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port: gateway.port,
              path: '/assets/app-def456.js',
              headers: { 'Accept-Encoding': 'br' },
            },
            (answer) => {
              const chunks: Buffer[] = [];
              answer.on('data', (chunk: Buffer) => chunks.push(chunk));
              answer.on('end', () =>
                done({ headers: answer.headers, body: Buffer.concat(chunks) }),
              );
              answer.on('error', fail);
            },
          );
          req.on('error', fail);
          req.end();
        },
      );
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-length']).toBe(String(res.body.length));
      expect(brotliDecompressSync(res.body).toString()).toBe(APP_JS);
    } finally {
      await gateway.close();
    }
  });

  it('serves a rebuild into the same folder at once, its CSP hash following', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-studio-rebuild-'));
    try {
      await writeDist(dir, INDEX);
      const rebuilt = createApp({ env: testEnv({ DIST_DIR: dir }), logger: captureLogger() });
      const before = await rebuilt.request('/', { headers: { 'Accept-Encoding': 'br' } });
      expect(before.headers.get('content-security-policy')).toContain(hashOf(THEME));

      const theme = "document.documentElement.classList.toggle('dark', false); // rebuilt";
      const index = INDEX.replace(THEME, theme);
      await writeDist(dir, index);
      const after = await rebuilt.request('/', { headers: { 'Accept-Encoding': 'br' } });
      expect(brotliDecompressSync(Buffer.from(await after.arrayBuffer())).toString()).toBe(index);
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
      const csp = after.headers.get('content-security-policy');
      expect(csp).toContain(hashOf(theme));
      expect(csp).not.toContain(hashOf(THEME));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
