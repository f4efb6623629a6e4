import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { CurlTarget } from '../api/curl';
import type { GatewayStatus } from '../api/contract/gateway';
import { readConnection, subscribeConnection, type Connection } from './connection-settings';
import { gatewayQueries } from './gateway-queries';

/**
 * Where a copied command should go: the service the dashboard talks to. Direct mode knows it
 * and its stack; behind the gateway it is the upstream origin, or, with the embedded emulator,
 * this server (which serves the same API). The gateway's stack id stays on the server.
 */
export function curlTargetFor(
  connection: Connection,
  gateway: GatewayStatus | undefined,
  origin: string,
): CurlTarget {
  if (connection.mode === 'direct') {
    return { baseUrl: connection.baseUrl, stackId: connection.stackId || null };
  }
  return { baseUrl: gateway?.upstream_origin ?? origin, stackId: null };
}

export function useCurlTarget(): CurlTarget {
  const connection = useSyncExternalStore(subscribeConnection, readConnection, readConnection);
  const gateway = useQuery({ ...gatewayQueries.status(), staleTime: Infinity });
  // The build's prerender (src/app/prerender.tsx) draws pages where no address exists yet.
  return curlTargetFor(connection, gateway.data, globalThis.location?.origin ?? '');
}
