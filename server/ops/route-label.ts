import { endpointRouteMeta } from '../../src/api/contract/endpoint-routes';
import { gatewayStatusPath } from '../../src/api/contract/gateway-paths';
import { historyEventsPath, historyPath } from '../../src/api/contract/history-paths';

/**
 * The paths a metric may name as they are: each is one route. Every other path is folded into
 * a pattern, so a label never holds an id (a job, a file, a token) and the number of series
 * stays bounded whatever clients send.
 */
const EXACT = new Set([
  '/healthz',
  '/readyz',
  '/metrics',
  gatewayStatusPath,
  historyPath,
  historyEventsPath,
]);

/** The service's endpoints, in the spec's notation (`/api/v1/training/status/{task_id}`). */
const SERVICE_ROUTES = Object.values(endpointRouteMeta).map(({ path }) => ({
  label: `/api${path}`,
  pattern: new RegExp(`^/api${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** A call to the service: its endpoint's pattern, media under one name, anything else as one. */
export function serviceRouteLabel(path: string): string {
  for (const { label, pattern } of SERVICE_ROUTES) if (pattern.test(path)) return label;
  if (path.startsWith('/api/v1/media/')) return '/api/v1/media/*';
  return '/api/v1/*';
}

const PREFIXES = [
  `${historyPath}/`,
  '/api/access/',
  '/api/webhooks',
  '/api/notifications/',
  '/api/inbox',
  '/api/',
  '/auth/',
  '/assets/',
  '/icons/',
] as const;

/** The route a request to the gateway counts under. */
export function routeLabel(path: string): string {
  if (EXACT.has(path)) return path;
  if (path.startsWith('/api/v1/')) return serviceRouteLabel(path);
  const prefix = PREFIXES.find((p) => path.startsWith(p));
  return prefix ? `${prefix}*` : 'other';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The request method, or `other` for the rarer ones Node's parser also accepts. */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : 'other');
