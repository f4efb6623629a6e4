import { z } from 'zod';

const storageKey = 'media-studio.connection';

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'Base URL must be an http:// or https:// address' })
  .refine((value) => !URL.canParse(value) || !/\/api(\/v1)?\/?$/.test(new URL(value).pathname), {
    message: 'Base URL is the service origin, without /api/v1',
  });

/**
 * How the dashboard reaches the service. Gateway mode keeps credentials on the server;
 * direct mode sends them from this browser, so they are stored here.
 */
export const connectionSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('gateway') }),
  z.object({
    mode: z.literal('direct'),
    baseUrl: httpUrl,
    apiKey: z.string().trim().min(1, 'API key is required in direct mode'),
    stackId: z.string().trim().optional(),
  }),
]);
export type Connection = z.infer<typeof connectionSchema>;

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
      const parsed = connectionSchema.safeParse(JSON.parse(raw));
      if (parsed.success) value = parsed.data;
    } catch {
      value = gatewayConnection;
    }
  }
  cached = { raw, value };
  return value;
}

export function saveConnection(connection: Connection): void {
  const value = connectionSchema.parse(connection);
  localStorage.setItem(storageKey, JSON.stringify(value));
  listeners.forEach((listener) => listener());
}

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
