import type { RouteModule } from './route-module';
import { fileRoutes } from './routes/files';
import { mediaRoutes } from './routes/media';
import { openApiRoutes } from './routes/openapi';
import { sandboxRoutes } from './routes/sandbox';
import { trainingRoutes } from './routes/training';
import { generationRoutes } from './routes/generation';
import { speechRoutes } from './routes/speech';
import { speechTaskRoutes } from './routes/speech-tasks';
import { voiceExtendRoutes } from './routes/voice-extend';
import { voiceRoutes } from './routes/voices';

/**
 * Every route module of the emulator. To add one: write `routes/<resource>.ts` exporting a
 * RouteModule, import it here and append it to this list.
 */
export const routeModules: readonly RouteModule[] = [
  mediaRoutes,
  openApiRoutes,
  fileRoutes,
  sandboxRoutes,
  trainingRoutes,
  voiceRoutes,
  voiceExtendRoutes,
  speechRoutes,
  speechTaskRoutes,
  generationRoutes,
];
