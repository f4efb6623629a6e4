/**
 * Security properties of the server as a whole, over real sockets where URL parsing would hide
 * what a client can send: the API key never reaches the browser (bundle, bodies, headers, logs),
 * only /api/v1/* is forwarded and only to the configured upstream, the security headers are
 * on every answer, and the emulator's remote fetch stays on http(s) within its limits.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_DIR, RENDERER_FILE } from '../build/page-files';
import { errorEnvelopeSchema } from '../src/api/contract/envelope';
import { createApp } from './app';
import { createEmbeddedEmulator, type EmbeddedSetup } from './emulator/embedded';
import { fetchRemoteMedia, RemoteFetchError } from './emulator/remote-fetch';
import { createTestEmulator } from './emulator/test-support/test-emulator';
import {
  postJson,
  serveFixtures,
  speechWav,
  startJob,
  waitForEnd,
} from './emulator/test-support/training-fixtures';
import { startServerProcess } from './test-support/child-server';
import { closedPort, startUpstream, type FakeUpstream } from './test-support/fake-upstream';
import {
  captureLogger,
  startGateway,
  testEnv,
  type RunningGateway,
} from './test-support/gateway-server';

const ROOT = resolve(import.meta.dirname, '..');
/** Distinctive values: any occurrence anywhere is a leak. */
const SECRET = 'sk-SECRET-gw-7f3a9c1e5b2d4a68';
const EMU_SECRET = 'emu-SECRET-4d8b2a6f0c1e9b37';
/** The emulator's default key (EMULATOR_API_KEYS unset): the browser has no business knowing it either. */
const DEFAULT_EMU_KEY = 'local-dev-key';
const SECRETS = [SECRET, EMU_SECRET];

function expectNoSecret(text: string, where: string) {
  for (const secret of SECRETS) expect(text.includes(secret), `${secret} in ${where}`).toBe(false);
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

interface Answer {
  label: string;
  status: number;
  headers: string;
  body: string;
}

async function fetchAll(port: number, label: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, init);
  const body = Buffer.from(await res.arrayBuffer()).toString('latin1');
  return {
    label,
    status: res.status,
    headers: JSON.stringify([...res.headers]),
    body,
  } satisfies Answer;
}

interface RawAnswer {
  status: number;
  text: string;
}

/**
 * Writes `head` verbatim on a TCP connection (no client normalizes anything) and reads the
 * answer until the server closes. Status 0: the connection closed without an answer.
 */
function rawTcp(port: number, head: string): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('raw request timed out')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', fail);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      done({ status: status ? Number(status[1]) : 0, text });
    });
    socket.write(head);
  });
}

const get = (target: string, host: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`;

/** The text of each <script> without src in `html`. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc=/.test(m[1]!))
    .map((m) => m[2]!);
}

// ---------------------------------------------------------------------------------------------
// A built bundle, built here with the secrets in the environment, so inlining would show.

let dist: string;
/** Every file of the build, the page renderer for Node included. */
let built: string[];
/** The files the gateway serves: all but the page renderer, which it runs itself. */
let assets: string[];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'media-studio-security-dist-'));
  const saved = { ...process.env };
  Object.assign(process.env, {
    API_KEY: SECRET,
    VITE_API_KEY: SECRET,
    EMULATOR_API_KEYS: EMU_SECRET,
    VITE_EMULATOR_API_KEYS: EMU_SECRET,
  });
  try {
    const { build } = await import('vite');
    await build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: dist, emptyOutDir: true },
    });
  } finally {
    for (const name of ['API_KEY', 'VITE_API_KEY', 'EMULATOR_API_KEYS', 'VITE_EMULATOR_API_KEYS']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
  built = walk(dist);
  assets = built.filter((file) => !file.startsWith(`${RENDERER_DIR}/`));
}, 120_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built bundle', () => {
  it('holds no key value, whatever the build environment held', () => {
    expect(assets).toContain('index.html');
    expect(assets.some((file) => file.startsWith('assets/') && file.endsWith('.js'))).toBe(true);
    expect(built).toContain(`${RENDERER_DIR}/${RENDERER_FILE}`);
    for (const file of built) {
      const text = readFileSync(join(dist, file)).toString('latin1');
      expectNoSecret(text, file);
      expect(text.includes(DEFAULT_EMU_KEY), `${DEFAULT_EMU_KEY} in ${file}`).toBe(false);
    }
  });

  it('has no inline event handler in index.html, and no inline script but the theme and the shell (the CSP allows them by hash)', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    // The app's code is a file of this origin, which the shell's script loads once it painted.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!);
    expect(scripts.filter((attrs) => /\bsrc=/.test(attrs))).toEqual([]);
    const entry = /"entry":"\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(assets).toContain(entry);
    expect(inlineScripts(html)).toEqual([
      expect.stringContaining('documentElement.dataset.theme'),
      expect.stringContaining("getElementById('shell-heading')"),
    ]);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});

// ---------------------------------------------------------------------------------------------

describe('gateway mode: the key never reaches the browser', () => {
  let upstream: FakeUpstream;
  let gateway: RunningGateway;
  let down: RunningGateway;
  const logger = captureLogger();
  const downLogger = captureLogger();
  const dispatcher = new Agent();

  beforeAll(async () => {
    // A careless upstream: it reflects every request header it got into its response headers.
    upstream = await startUpstream((req, res, recorded) => {
      const echo: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') echo[`x-echo-${name}`] = value;
      const injected = req.headers.authorization === `Bearer ${SECRET}`;
      if (recorded.url.startsWith('/api/v1/unauthorized')) {
        res.writeHead(401, {
          'content-type': 'application/json',
          'www-authenticate': `Bearer error="invalid_token", token="${req.headers.authorization}"`,
          ...echo,
        });
        res.end(JSON.stringify({ error: { code: 'unauthorized', message: 'Key refused.' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', ...echo });
      res.end(
        JSON.stringify({
          data: { voices: [], count: 0, scope: 'all', injected, url: recorded.url },
          trace_id: 'up',
        }),
      );
    });
    const env = testEnv({
      API_BASE_URL: upstream.origin,
      API_KEY: SECRET,
      STACK_ID: 'stack-sec',
      DIST_DIR: dist,
    });
    gateway = await startGateway(createApp({ env, logger, dispatcher }));
    const port = await closedPort();
    const downEnv = { ...env, API_BASE_URL: `http://127.0.0.1:${port}` };
    down = await startGateway(createApp({ env: downEnv, logger: downLogger, dispatcher }));
  });
  afterAll(async () => {
    await gateway.close();
    await down.close();
    await upstream.close();
    await dispatcher.close();
  });

  it('is absent from every body and header: the app, its assets, status, API answers and errors', async () => {
    const answers: Answer[] = [];
    const p = gateway.port;
    answers.push(await fetchAll(p, 'index', '/'));
    answers.push(await fetchAll(p, 'spa route', '/settings'));
    for (const file of assets) answers.push(await fetchAll(p, file, `/${file}`));
    answers.push(await fetchAll(p, 'status', '/api/gateway/status'));
    const list = await fetchAll(p, 'voice list', '/api/v1/voice/list');
    answers.push(list);
    answers.push(await fetchAll(p, 'upstream 401', '/api/v1/unauthorized'));
    answers.push(await fetchAll(p, 'api 404', '/api/nope'));
    answers.push(await fetchAll(p, 'api v2 404', '/api/v2/voice/list'));
    answers.push(await fetchAll(p, 'missing asset', '/assets/gone-123.js'));
    answers.push(await fetchAll(p, 'renderer', `/${RENDERER_DIR}/${RENDERER_FILE}`));
    answers.push(await fetchAll(p, 'OPTIONS', '/api/v1/voice/list', { method: 'OPTIONS' }));
    answers.push(await fetchAll(down.port, 'unreachable 502', '/api/v1/voice/list'));
    const raw = await rawTcp(p, get('/api/v1/../../etc/passwd', `127.0.0.1:${p}`));
    answers.push({ label: 'dot segments 400', status: raw.status, headers: raw.text, body: '' });

    const byLabel = Object.fromEntries(answers.map((a) => [a.label, a.status]));
    expect(byLabel).toMatchObject({
      index: 200,
      status: 200,
      'voice list': 200,
      'upstream 401': 401,
      'api 404': 404,
      'api v2 404': 404,
      'missing asset': 404,
      renderer: 404,
      'unreachable 502': 502,
      'dot segments 400': 400,
    });
    for (const file of assets) expect(byLabel[file], file).toBe(200);
    // The key did reach the upstream: the absence below is not for lack of trying.
    expect(JSON.parse(list.body)).toMatchObject({ data: { injected: true } });
    expect(list.headers).toContain('x-echo-x-stack-id');
    for (const answer of answers) {
      expectNoSecret(answer.headers, `${answer.label} headers`);
      expectNoSecret(answer.body, `${answer.label} body`);
    }
  });

  it('is absent from the logs, even when a client puts it in the path', async () => {
    await fetchAll(gateway.port, 'key in path', `/api/v1/training/status/${SECRET}?k=${SECRET}`);
    await fetchAll(down.port, 'key in path', `/api/v1/files/${SECRET}`);
    const lines = [...logger.lines, ...downLogger.lines].join('\n');
    expect(lines).toContain('/api/v1/training/status/[redacted]');
    expect(lines).toContain('upstream unreachable');
    expectNoSecret(lines, 'log');
  });
});

describe('embedded emulator mode: its key never reaches the browser', () => {
  let setup: EmbeddedSetup;
  let gateway: RunningGateway;
  let dataDir: string;
  const logger = captureLogger();
  const emulatorLogger = captureLogger();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'media-studio-security-emu-'));
    setup = createEmbeddedEmulator(
      { EMULATOR_API_KEYS: `${EMU_SECRET},second-key`, EMULATOR_DATA_DIR: dataDir },
      {},
      emulatorLogger,
    );
    const env = testEnv({ DIST_DIR: dist });
    gateway = await startGateway(createApp({ env, logger, emulator: setup.embedded }));
  });
  afterAll(async () => {
    await gateway.close();
    await setup.emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is absent from every body, header and log line', async () => {
    const p = gateway.port;
    const json = { 'content-type': 'application/json' };
    const answers: Answer[] = [
      await fetchAll(p, 'index', '/'),
      await fetchAll(p, 'status', '/api/gateway/status'),
      await fetchAll(p, 'voice list', '/api/v1/voice/list'),
      await fetchAll(p, 'openapi', '/api/v1/openapi.json'),
      await fetchAll(p, 'unknown file', '/api/v1/files/file_nope'),
      await fetchAll(p, 'bad body', '/api/v1/t2a', { method: 'POST', headers: json, body: '{' }),
      await fetchAll(p, 'emulator 404', '/api/v1/nothing/here'),
      // The browser's own (wrong) key is kept, and refused by the emulator.
      await fetchAll(p, 'wrong key 401', '/api/v1/voice/list', {
        headers: { authorization: 'Bearer not-the-key' },
      }),
    ];
    // A client that pastes the key into a path sees it echoed in the 404 message (its own
    // doing); the logs must still not keep it.
    await fetchAll(p, 'key in path', `/api/v1/training/status/${EMU_SECRET}`);
    const byLabel = Object.fromEntries(answers.map((a) => [a.label, a.status]));
    expect(byLabel).toMatchObject({
      index: 200,
      status: 200,
      'voice list': 200,
      'unknown file': 404,
      'bad body': 400,
      'emulator 404': 404,
      'wrong key 401': 401,
    });
    expect(JSON.parse(answers[1]!.body)).toEqual({
      mode: 'emulator',
      upstream_origin: null,
      credentials: true,
      database: 'sqlite',
    });
    // Media URLs in the catalog are reachable without a key: nothing in them is a credential.
    const voices = (JSON.parse(answers[2]!.body) as { data: { voices: unknown[] } }).data.voices;
    expect(voices.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expectNoSecret(answer.headers, `${answer.label} headers`);
      expectNoSecret(answer.body, `${answer.label} body`);
    }
    const lines = [...logger.lines, ...emulatorLogger.lines].join('\n');
    expect(lines).toContain('/api/v1/training/status/[redacted]');
    expectNoSecret(lines, 'log');
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------

describe('the gateway forwards only /api/v1/* to the configured upstream', () => {
  let upstream: FakeUpstream;
  let evil: FakeUpstream;
  let gateway: RunningGateway;
  const dispatcher = new Agent();

  beforeAll(async () => {
    upstream = await startUpstream();
    evil = await startUpstream();
    const env = testEnv({ API_BASE_URL: upstream.origin, API_KEY: SECRET, DIST_DIR: dist });
    gateway = await startGateway(createApp({ env, logger: captureLogger(), dispatcher }));
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
    await evil.close();
    await dispatcher.close();
  });

  it('refuses hostile request targets sent raw over TCP, and forwards none of them', async () => {
    const p = gateway.port;
    const self = `127.0.0.1:${p}`;
    const cases: Array<[string, string]> = [
      [get(`http://${evil.host}/api/v1/voice/list`, evil.host), 'absolute-form, other host'],
      [get(`http://${self}/api/v1/voice/list`, self), 'absolute-form, own host'],
      [get(`https://evil.test/api/v1/voice/list`, 'evil.test'), 'absolute-form https'],
      [get(`//${evil.host}/api/v1/voice/list`, self), 'scheme-relative'],
      [get('/api/v1/voice%2Flist', self), 'encoded slash %2F'],
      [get('/api/v1/voice%2flist', self), 'encoded slash %2f'],
      [get('/api/v1/%2F%2Fevil.test/x', self), 'encoded double slash'],
      [get('/api/v1/../../x', self), 'dot segments'],
      [get('/api/v1/%2e%2e/%2e%2e/x', self), 'encoded dot segments'],
      [get('/api/v1/%252e%252e/x', self), 'double-encoded dot segments'],
      [get('/api/v1/voice\\..\\..\\x', self), 'backslashes'],
      [get('/api/v1/voice%5c..%5cx', self), 'encoded backslashes'],
      [get('/api/v1//evil.test/x', self), 'empty segment'],
      [get('/api/v1/voice/list%00', self), 'NUL'],
      [get('*', self), 'asterisk-form'],
      [
        `CONNECT ${evil.host} HTTP/1.1\r\nHost: ${evil.host}\r\nConnection: close\r\n\r\n`,
        'CONNECT',
      ],
      [`TRACE /api/v1/voice/list HTTP/1.1\r\nHost: ${self}\r\nConnection: close\r\n\r\n`, 'TRACE'],
    ];
    for (const [head, label] of cases) {
      const res = await rawTcp(p, head);
      // Refused by the app (4xx envelope), by node's parser (400), or the connection is closed.
      expect(res.status === 0 || (res.status >= 400 && res.status < 500), label).toBe(true);
      if (res.status >= 400) {
        const body = res.text.slice(res.text.indexOf('\r\n\r\n') + 4);
        if (body.startsWith('{'))
          expect(errorEnvelopeSchema.safeParse(JSON.parse(body)).success, label).toBe(true);
      }
      expectNoSecret(res.text, label);
    }
    expect(upstream.requests).toEqual([]);
    expect(evil.requests).toEqual([]);
  });

  it('sends a request with a foreign Host header to the configured upstream only', async () => {
    const res = await rawTcp(gateway.port, get('/api/v1/voice/list', evil.host));
    expect(res.status).toBe(200);
    expect(evil.requests).toEqual([]);
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]!.headers.host).toBe(upstream.host);
    expect(upstream.requests[0]!.url).toBe('/api/v1/voice/list');
    upstream.requests.length = 0;
  });

  it('does not serve files outside the build, whatever the path says', async () => {
    for (const target of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await rawTcp(gateway.port, get(target, `127.0.0.1:${gateway.port}`));
      expect(res.status, target).toBe(400);
      expect(res.text).not.toContain('"devDependencies"');
    }
  });
});

describe('bind address', () => {
  it('defaults to 127.0.0.1 without the off-loopback warning, and never prints the emulator key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'media-studio-security-bind-'));
    const run = startServerProcess('server/index.ts', {
      PORT: '0',
      DIST_DIR: dist,
      EMULATOR_API_KEYS: EMU_SECRET,
      EMULATOR_DATA_DIR: dataDir,
    });
    try {
      const listening = await run.waitFor(/listening on http:\/\/([^\s]+):(\d+)/);
      expect(listening, run.output()).not.toBeNull();
      expect(listening![1]).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${listening![2]}/api/gateway/status`);
      expect(await res.json()).toMatchObject({ mode: 'emulator', credentials: true });
      await fetch(`http://127.0.0.1:${listening![2]}/api/v1/training/status/${EMU_SECRET}`);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).not.toMatch(/not loopback/);
      expect(run.output()).toContain('/api/v1/training/status/[redacted]');
      expectNoSecret(run.output(), 'server output');
    } finally {
      run.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('refuses to start off loopback without sign-in (an IPv6 wildcard here)', async () => {
    const run = startServerProcess('server/index.ts', {
      PORT: '0',
      HOST: '::',
      DIST_DIR: dist,
      API_BASE_URL: 'https://api.example.com',
      API_KEY: SECRET,
    });
    try {
      expect(await run.exited, run.output()).toBe(1);
      expect(run.output()).toContain('Refusing to listen on :: without sign-in');
      expectNoSecret(run.output(), 'server output');
    } finally {
      run.child.kill('SIGTERM');
    }
  }, 30_000);
});

// ---------------------------------------------------------------------------------------------

describe('security headers', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    const env = testEnv({ API_BASE_URL: 'http://127.0.0.1:9', API_KEY: SECRET, DIST_DIR: dist });
    gateway = await startGateway(createApp({ env, logger: captureLogger() }));
  });
  afterAll(() => gateway.close());

  function directives(csp: string): Map<string, string[]> {
    return new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...values]) => [name!.toLowerCase(), values]),
    );
  }

  it('are on the page, on every asset and on API errors', async () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const inlineHashes = inlineScripts(html).map(
      (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
    );
    // The theme script and the shell's page-naming script.
    expect(inlineHashes).toHaveLength(2);
    const paths = ['/', '/voices', ...assets.map((file) => `/${file}`), '/api/nope'];
    for (const path of paths) {
      const res = await fetch(`http://127.0.0.1:${gateway.port}${path}`);
      await res.arrayBuffer();
      const csp = res.headers.get('content-security-policy');
      expect(csp, path).toBeTruthy();
      const d = directives(csp!);
      const scripts = d.get('script-src') ?? d.get('default-src');
      expect(scripts, `${path} script-src`).toBeDefined();
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain('*');
      expect(
        scripts!.some((s) => /^(https?:|data:|blob:)$/.test(s)),
        path,
      ).toBe(false);
      // Beside 'self', only the exact inline scripts of the served index.html, by hash.
      expect(scripts, path).toEqual(["'self'", ...inlineHashes]);
      expect(d.get('object-src'), path).toEqual(["'none'"]);
      expect(d.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(d.get('base-uri'), path).toEqual(["'self'"]);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      // nosniff only protects when the type is right.
      if (path.endsWith('.js')) expect(res.headers.get('content-type'), path).toMatch(/javascript/);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe("the emulator's remote fetch", () => {
  let server: Server;
  let origin: string;
  const limits = { maxBytes: 64 * 1024, timeoutMs: 800 };

  beforeAll(async () => {
    server = createServer((req, res) => {
      switch (req.url) {
        case '/endless': {
          // Chunked, no Content-Length, never ends: only counting stops it.
          res.writeHead(200, { 'content-type': 'audio/wav' });
          const chunk = Buffer.alloc(16 * 1024, 7);
          const pump = () => {
            while (res.write(chunk));
          };
          res.on('drain', pump);
          pump();
          return;
        }
        case '/drip': {
          // A byte every 50 ms, forever: no idle timeout fires, the whole-exchange one must.
          res.writeHead(200, { 'content-type': 'audio/wav' });
          const timer = setInterval(() => res.write('x'), 50);
          res.on('close', () => clearInterval(timer));
          return;
        }
        case '/to-data':
          res.writeHead(302, { location: 'data:audio/wav;base64,UklGRg==' }).end();
          return;
        case '/to-ftp':
          res.writeHead(301, { location: 'ftp://127.0.0.1/etc/passwd' }).end();
          return;
        case '/to-passwd':
          res.writeHead(307, { location: 'file:///etc/passwd' }).end();
          return;
        case '/loop':
          res.writeHead(302, { location: '/loop' }).end();
          return;
        default:
          res.writeHead(404).end();
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  );

  it('refuses every scheme but http(s), directly and behind a redirect', async () => {
    const emu = createTestEmulator();
    try {
      const refused = [
        'file:///etc/passwd',
        'FILE:///etc/passwd',
        'file://localhost/etc/passwd',
        'data:text/plain,hello',
        'ftp://127.0.0.1/x',
        'gopher://127.0.0.1:70/x',
        'javascript:alert(1)',
        'blob:http://127.0.0.1/x',
        'ws://127.0.0.1/x',
        'jar:file:///x!/y',
      ];
      for (const url of refused) {
        const error = await fetchRemoteMedia(url, emu.mediaStore, limits).catch((e: unknown) => e);
        expect(error, url).toBeInstanceOf(RemoteFetchError);
        expect((error as RemoteFetchError).reason, url).toBe('invalid_url');
        expect((error as Error).message, url).toMatch(/must use http or https/);
      }
      for (const bad of ['/etc/passwd', '../etc/passwd', 'not a url', '']) {
        const error = await fetchRemoteMedia(bad, emu.mediaStore, limits).catch((e: unknown) => e);
        expect((error as RemoteFetchError).reason, bad).toBe('invalid_url');
      }
      for (const [path, scheme] of [
        ['/to-data', 'data'],
        ['/to-ftp', 'ftp'],
        ['/to-passwd', 'file'],
      ] as const) {
        await expect(fetchRemoteMedia(`${origin}${path}`, emu.mediaStore, limits)).rejects.toThrow(
          `got ${scheme}`,
        );
      }
      await expect(fetchRemoteMedia(`${origin}/loop`, emu.mediaStore, limits)).rejects.toThrow(
        /redirects more than 3 times/,
      );
    } finally {
      await emu.cleanup();
    }
  });

  it('stops an endless body at the size limit, and a trickle at the time limit', async () => {
    const emu = createTestEmulator();
    try {
      let started = Date.now();
      const big = await fetchRemoteMedia(`${origin}/endless`, emu.mediaStore, limits).catch(
        (e: unknown) => e,
      );
      expect(big).toBeInstanceOf(RemoteFetchError);
      expect((big as RemoteFetchError).reason).toBe('too_large');
      expect(Date.now() - started).toBeLessThan(limits.timeoutMs + 2000);

      started = Date.now();
      await expect(fetchRemoteMedia(`${origin}/drip`, emu.mediaStore, limits)).rejects.toThrow(
        /did not answer within 0.8 s/,
      );
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(limits.timeoutMs - 50);
      expect(took).toBeLessThan(limits.timeoutMs + 2000);
    } finally {
      await emu.cleanup();
    }
  });

  it('never reads a local file for voice training: refused up front, or the job fails', async () => {
    const emu = createTestEmulator({ EMULATOR_TRAINING_SECONDS: '0.3' });
    const fixtures = await serveFixtures({
      '/voice.wav': { body: await speechWav('A short clean reference.'), type: 'audio/wav' },
    });
    try {
      // A file: URL never becomes a job.
      for (const url of ['file:///etc/passwd', 'file://localhost/etc/passwd']) {
        const res = await postJson(emu, '/training/voice', { reference_urls: [url], name: 'eve' });
        expect(res.status, url).toBe(400);
        const body = await res.text();
        expect(errorEnvelopeSchema.parse(JSON.parse(body)).error.code).toBe('invalid_request');
        expect(body).not.toMatch(/root:/);
      }
      // An http URL that redirects to one fails the job, with a clear error and no content.
      const hop = `${origin}/to-passwd`;
      const taskId = await startJob(emu, '/training/voice', {
        reference_urls: [`${fixtures.origin}/voice.wav`, hop],
        name: 'eve',
      });
      const job = await waitForEnd(emu, taskId);
      expect(job.status).toBe('failed');
      expect(job.error).toEqual({
        code: 'input_unreachable',
        message: `reference_urls[1] (${hop}): file:///etc/passwd must use http or https (got file)`,
      });
      expect(JSON.stringify(job)).not.toMatch(/root:/);
      // A LoRA dataset that looks like a path is an (unknown) file id, never a file read.
      for (const dataset of ['../../../../etc/passwd', '/etc/passwd', 'file:/etc/passwd']) {
        const res = await postJson(emu, '/training/lora/music', { dataset, name: 'eve_music' });
        const body = await res.text();
        expect(res.status, dataset).toBe(400);
        expect(body, dataset).not.toMatch(/root:/);
      }
    } finally {
      await fixtures.close();
      await emu.cleanup();
    }
  }, 30_000);

  it('is refused at the contract for the other URL inputs too', async () => {
    const emu = createTestEmulator();
    try {
      const cases: Array<[string, Record<string, unknown>]> = [
        ['/training/lora/video', { dataset: 'file:///etc/passwd', name: 'x' }],
        ['/training/lora/music', { dataset: 'data:application/zip;base64,UEsFBg==', name: 'x' }],
        ['/voice/extend', { reference_audio_url: 'file:///etc/passwd', text: 'hi' }],
      ];
      for (const [path, body] of cases) {
        const res = await postJson(emu, path, body);
        expect(res.status, path).toBe(400);
        expect(await res.text(), path).not.toMatch(/root:/);
      }
    } finally {
      await emu.cleanup();
    }
  });
});
