import type { RouteModule } from './route-module';
import { fileRoutes } from './routes/files';
import { mediaRoutes } from './routes/media';
import { openApiRoutes } from './routes/openapi';
import { sandboxRoutes } from './routes/sandbox';

/**
 * Every route module of the emulator. To add one: write `routes/<resource>.ts` exporting a
 * RouteModule, import it here and append it to this list.
 */
export const routeModules: readonly RouteModule[] = [
  mediaRoutes,
  openApiRoutes,
  fileRoutes,
  sandboxRoutes,
];
