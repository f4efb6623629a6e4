import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { EmulatorApp } from '../http/context';

export interface ServedEmulator {
  origin: string;
  close(): Promise<void>;
}

/** The emulator on a real socket on 127.0.0.1, for what only a real connection shows. */
export async function serveEmulator(app: EmulatorApp): Promise<ServedEmulator> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
