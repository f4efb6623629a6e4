import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { getRequestListener } from '@hono/node-server';

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
      const { loadEnv } = (await server.ssrLoadModule(
        '/server/env.ts',
      )) as typeof import('./server/env');
      const { createApp } = (await server.ssrLoadModule(
        '/server/app.ts',
      )) as typeof import('./server/app');
      const app = createApp({ env: loadEnv(process.env) });
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

export default defineConfig({
  plugins: [react(), tailwindcss(), gateway()],
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  build: { sourcemap: true, target: 'es2022' },
});
