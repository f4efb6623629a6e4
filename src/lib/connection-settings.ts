// No zod here: the navigation reads the mode in the entry chunk, which stays free of the library.
// The settings form explains each rule with zod (connection-form-schema.ts), using the same checks.
import { directModeCookie } from '../api/contract/direct-mode';
import { setGatewayCookie } from './gateway-cookie';

const storageKey = 'media-studio.connection';

/**
 * How the dashboard reaches the service. Gateway mode keeps credentials on the server;
 * direct mode sends them from this browser, so they are stored here.
 */
export type Connection =
  | { mode: 'gateway' }
  | { mode: 'direct'; baseUrl: string; apiKey: string; stackId?: string | undefined };

export const connectionRules = {
  baseUrlProtocol: 'Base URL must be an http:// or https:// address',
  baseUrlOrigin: 'Base URL is the service origin, without /api/v1',
  apiKey: 'API key is required in direct mode',
} as const;

export const isHttpUrl = (value: string): boolean =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** The service's origin, not its API path: the client adds /api/v1 itself. */
export const isServiceOrigin = (value: string): boolean =>
  !URL.canParse(value) || !/\/api(\/v1)?\/?$/.test(new URL(value).pathname);

/** The first rule a stored or submitted connection breaks, or the connection as kept. */
export function checkConnection(value: unknown): Connection | { broken: string } {
  const record = (value ?? {}) as Record<string, unknown>;
  if (record.mode === 'gateway') return { mode: 'gateway' };
  if (record.mode !== 'direct') return { broken: 'mode must be gateway or direct' };
  const { baseUrl, apiKey, stackId } = record;
  if (typeof baseUrl !== 'string' || !isHttpUrl(baseUrl))
    return { broken: connectionRules.baseUrlProtocol };
  if (!isServiceOrigin(baseUrl)) return { broken: connectionRules.baseUrlOrigin };
  if (typeof apiKey !== 'string' || apiKey.trim() === '') return { broken: connectionRules.apiKey };
  if (stackId !== undefined && typeof stackId !== 'string')
    return { broken: 'stackId must be text' };
  return {
    mode: 'direct',
    baseUrl,
    apiKey: apiKey.trim(),
    ...(stackId !== undefined && { stackId: stackId.trim() }),
  };
}

const gatewayConnection: Connection = { mode: 'gateway' };
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: Connection } | null = null;

function readStorage(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** The saved connection; anything unreadable falls back to the gateway, never to a half-set direct mode. */
export function readConnection(): Connection {
  const raw = readStorage();
  if (cached && cached.raw === raw) return cached.value;
  let value = gatewayConnection;
  if (raw !== null) {
    try {
      const checked = checkConnection(JSON.parse(raw));
      if (!('broken' in checked)) value = checked;
    } catch {
      value = gatewayConnection;
    }
  }
  cached = { raw, value };
  return value;
}

export function saveConnection(connection: Connection): void {
  const value = checkConnection(connection);
  if ('broken' in value) throw new Error(value.broken);
  localStorage.setItem(storageKey, JSON.stringify(value));
  tellGateway(value);
  listeners.forEach((listener) => listener());
}

const inDirectMode = () => document.cookie.split('; ').includes(`${directModeCookie}=1`);

/**
 * Tells the gateway whether this browser is in direct mode (../api/contract/direct-mode.ts), for
 * the pages it sends next. The key stays in this browser: the cookie says only the mode.
 */
function tellGateway(connection: Connection) {
  const direct = connection.mode === 'direct';
  if (direct === inDirectMode()) return;
  setGatewayCookie(directModeCookie, direct ? '1' : null, 'Strict');
}

/**
 * Tells the gateway the saved mode at start: a browser that chose direct mode before the gateway
 * read it, or whose cookie was cleared, gets its pages as built from its next load on.
 */
export const tellGatewayTheMode = () => tellGateway(readConnection());

/** For useSyncExternalStore: also follows changes made in other tabs. */
export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
