import { Hono } from 'hono';
import { secureHeaders, type ContentSecurityPolicyOptionHandler } from 'hono/secure-headers';
import type { Dispatcher } from 'undici';
import { errorCodes } from '../src/api/contract/envelope';
import { historyEventsPath } from '../src/api/contract/history';
import type { Access } from './access/access';
import { crossSiteCheck } from './access/cross-site';
import { hostCheck } from './access/host-check';
import { storageOf } from './db/storage';
import type { Env } from './env';
import { compression } from './compression';
import { errorResponse } from './errors';
import {
  gatewayRoutes,
  resolveTarget,
  targetSecrets,
  type EmbeddedEmulator,
  type GatewayTarget,
} from './gateway';
import type { GatewayHistory } from './history/gateway-history';
import type { Notifier } from './notify/notifier';
import { consoleLogger, redactingLogger, type Logger } from './logger';
import { pathGuard, rawTarget, splitTarget } from './path-guard';
import { requestLog } from './request-log';
import { livePages } from './live-pages/live-pages';
import { pageRenderer } from './live-pages/page-renderer';
import { staticRoutes } from './static';
import { subresourceHeaders } from './subresource-headers';
import { gatewayOps, type OpsOptions } from './ops/ops';
import { distReader } from './static-files';

export interface CreateAppOptions {
  env: Env;
  /** Defaults to one line per event on the console. */
  logger?: Logger;
  /** The undici dispatcher for upstream calls; defaults to an EnvHttpProxyAgent. Tests inject their own. */
  dispatcher?: Dispatcher;
  /** An in-process API used when API_BASE_URL is unset (mode `emulator`). */
  emulator?: EmbeddedEmulator;
  /**
   * Builds the gateway's history for the resolved target (its poller reads through it).
   * Without it the gateway only forwards, as in most tests.
   */
  history?: (target: GatewayTarget, logger: Logger) => GatewayHistory;
  /**
   * Tells people when work ends (server/notify): webhooks, push devices and inboxes, fed by the
   * history's notices. Without a history there is nothing to tell.
   */
  notify?: (history: GatewayHistory, logger: Logger) => Notifier;
  /**
   * Who may use the gateway (server/access/access.ts): its middleware guards every path and its
   * routes serve /auth and /api/access. Without it the gateway is open, as in most tests.
   */
  access?: Access;
  /** Whether this replica can serve (`GET /readyz`): its databases answer and are migrated. */
  readiness?: OpsOptions['readiness'];
  /** The process's shutdown (server/ops/lifecycle.ts); without it the app never stops. */
  lifecycle?: OpsOptions['lifecycle'];
  /** Where the gateway's metrics go (`GET /metrics`); a registry of its own by default. */
  metrics?: OpsOptions['metrics'];
}

const SELF = "'self'";

/**
 * The dashboard talks to its own origin, except in direct mode where it calls a base URL the
 * user types in: hence http:/https: in connect-src, and for the media that calls return.
 * Scripts: its own files, plus the inline ones of the served index.html by hash (the theme
 * is applied before first paint without a request of its own).
 */
const security = (inlineScripts: () => string[]) => {
  const scriptSrc: ContentSecurityPolicyOptionHandler = () => [SELF, ...inlineScripts()].join(' ');
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: [SELF],
      scriptSrc: [scriptSrc],
      styleSrc: [SELF, "'unsafe-inline'"],
      imgSrc: [SELF, 'data:', 'blob:', 'http:', 'https:'],
      mediaSrc: [SELF, 'data:', 'blob:', 'http:', 'https:'],
      // blob: lets the waveform read a local file or a recording it was given as a Blob.
      connectSrc: [SELF, 'blob:', 'http:', 'https:'],
      fontSrc: [SELF, 'data:'],
      objectSrc: ["'none'"],
      baseUri: [SELF],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    // The recorder needs the microphone, on this origin only (no embedded frame may ask for
    // it); the powerful features the dashboard never uses are off for everyone.
    permissionsPolicy: {
      microphone: ['self'],
      camera: [],
      geolocation: [],
      displayCapture: [],
      usb: [],
      serial: [],
      hid: [],
      midi: [],
      payment: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
    },
  });
};

/** Builds the whole server: gateway under /api, the built dashboard everywhere else. Serving is index.ts's job. */
export function createApp({
  env,
  logger: baseLogger,
  dispatcher,
  emulator,
  history: makeHistory,
  notify: makeNotifier,
  access,
  ...opsOptions
}: CreateAppOptions): Hono {
  const target = resolveTarget(env, emulator, dispatcher);
  const logger = redactingLogger(baseLogger ?? consoleLogger, [
    env.API_KEY,
    ...targetSecrets(target),
  ]);
  const app = new Hono();
  const dist = distReader(env.DIST_DIR);
  const ops = gatewayOps(opsOptions, logger);

  app.use('*', ops.measure);
  app.use('*', requestLog(logger));
  // Registered first so it sees the headers `security` sets, and trims them off chunks.
  app.use('*', subresourceHeaders());
  app.use('*', security(dist.inlineScriptHashes));
  app.use('*', pathGuard());
  // Health and readiness answer a balancer: before the host check and sign-in (ops/probes.ts).
  app.route('/', ops.probes);
  // Before anything is served: the gateway acts only for its own site.
  // PUBLIC_URL is where people reach the gateway: its host is served without listing it twice.
  const publicHost = env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).host] : [];
  app.use('*', hostCheck([...env.ALLOWED_HOSTS, ...publicHost]));
  app.use('*', crossSiteCheck());
  // After the site checks (a foreign page cannot even try a password), before anything served.
  if (access) {
    app.use('*', access.middleware);
    // The event stream stays open for hours: it asks at each heartbeat whether the session or
    // token that opened it still holds, and ends once it does not (signed out, revoked, expired).
    app.use(historyEventsPath, async (c, next) => {
      const principal = c.get('principal');
      c.set('stillAllowed', principal && (() => access.stillCurrent(principal)));
      await next();
    });
  }
  app.use('/api/*', async (c, next) => {
    await next();
    // API answers are per-user and per-moment: no browser or proxy may keep them. The one
    // exception is what the service itself marks immutable (media at unguessable URLs).
    if (!/\bimmutable\b/.test(c.res.headers.get('cache-control') ?? ''))
      c.header('Cache-Control', 'no-store');
  });
  app.use('/api/*', compression());
  app.use(historyEventsPath, ops.eventStreams);

  if (access) app.route('/', access.routes);
  const history = makeHistory?.(target, logger);
  if (history) app.route('/', history.routes);
  const notifier = history && makeNotifier?.(history, logger);
  if (notifier) app.route('/', notifier.routes);
  app.route('/', ops.metricsRoute);
  app.route(
    '/',
    gatewayRoutes({
      target,
      logger,
      database: storageOf(env, env.DATA_DIR).engine,
      recorder: history?.recorder,
      timeServiceCall: ops.metrics.timeServiceCall,
      poller: history && (() => (history.lead.leading() ? 'leading' : 'standby')),
    }),
  );
  app.all('/api/*', (c) => errorResponse(c, errorCodes.notFound, 'No API endpoint at this path.'));
  // With the history here, the jobs board's page is drawn with it (server/live-pages).
  const renderer = history ? pageRenderer(env.DIST_DIR) : null;
  const live =
    history && renderer
      ? livePages({ renderer, historyRoutes: history.routes, logger })
      : undefined;
  app.route('/', staticRoutes(dist, { live }));

  app.notFound((c) => c.text('Not Found', 404));
  app.onError((err, c) => {
    logger.error('unhandled error', {
      method: c.req.method,
      path: splitTarget(rawTarget(c)).path,
      error: err instanceof Error ? err.message : String(err),
    });
    return errorResponse(
      c,
      errorCodes.requestFailed,
      'The gateway could not complete the request.',
      500,
    );
  });

  return app;
}
