import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { getRequestListener } from '@hono/node-server';
import { appShell } from './build/app-shell';
import { chunkGroups } from './build/chunk-groups';
import { compileHints } from './build/compile-hints';
import { pagePreloads } from './build/page-preloads';
import { precompress } from './build/precompress';
import { preactAliases } from './build/react-runtime';
import { prerenderPages } from './build/prerender-pages';
// Types only (erased): the modules themselves are loaded through Vite's module runner below.
import type * as AppModule from './server/app';
import type * as EmbeddedModule from './server/emulator/embedded';
import type * as EnvModule from './server/env';
import type { EmbeddedEmulator } from './server/gateway';

/**
 * Mounts the same gateway the production server runs, so `npm run dev` talks to
 * `/api/*` exactly as `npm start` does: same forwarding, same credentials rules.
 */
function gateway(): Plugin {
  return {
    name: 'media-studio-gateway',
    apply: 'serve',
    async configureServer(server) {
      // Loaded through Vite's module runner rather than bundled into this config file.
      const { loadEnv } = (await server.ssrLoadModule('/server/env.ts')) as typeof EnvModule;
      const { createApp } = (await server.ssrLoadModule('/server/app.ts')) as typeof AppModule;
      const env = loadEnv(process.env);
      // Same rule as server/index.ts: without an upstream, the emulator runs in process.
      let emulator: EmbeddedEmulator | undefined;
      if (!env.API_BASE_URL) {
        const { createEmbeddedEmulator } = (await server.ssrLoadModule(
          '/server/emulator/embedded.ts',
        )) as typeof EmbeddedModule;
        const setup = createEmbeddedEmulator(process.env, env);
        emulator = setup.embedded;
        server.httpServer?.once('close', () => void setup.emulator.close());
        server.config.logger.info('  ➜  API: embedded emulator (no API_BASE_URL)');
      }
      const app = createApp({ env, ...(emulator && { emulator }) });
      const listener = getRequestListener(app.fetch);
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith('/api/')) {
          void listener(req, res);
          return;
        }
        next();
      });
    },
  };
}

const preloads = pagePreloads();
const chunks = chunkGroups();

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    gateway(),
    preloads.plugin,
    chunks.plugin,
    appShell(),
    compileHints(),
    prerenderPages(),
    precompress(),
  ],
  resolve: {
    alias: [
      // The router's store reads through the pre-React-18 shim of useSyncExternalStore; React 19
      // has the hook itself, so the shim's fallback code is left out of the entry chunk.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      // The build draws with Preact's React layer (build/react-runtime.ts); dev keeps React.
      ...(command === 'build' ? preactAliases : []),
    ],
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  build: {
    sourcemap: true,
    target: 'es2022',
    // Every browser that runs es2022 code but Safari 16 preloads modules natively; Safari 16
    // still runs the app, fetching each chunk when it is imported.
    // Only a page's chunk preloads what it imports (build/page-preloads.ts).
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    // Chunks are named by their hash alone: the entry lists every chunk a route may need, and
    // module names there cost the first page 0.8 kB (gzip). Source maps keep the real names.
    // Fewer, larger chunks where many tiny ones cost a request and a task each.
    rolldownOptions: {
      // The API layer imports the contract's schema groups where a request needs them
      // (src/api/lazy-module.ts), and the background tasks the gateway's history, which holds
      // wherever the build puts them. Here every page loads them with its code, in the common
      // chunk (build/chunk-groups.ts), and such an import resolves at once.
      checks: { ineffectiveDynamicImport: false },
      output: { chunkFileNames: 'assets/[hash].js', codeSplitting: { groups: chunks.groups } },
    },
  },
}));
