import type { Env } from '../env';
import type { EmbeddedEmulator } from '../gateway';
import type { Logger } from '../logger';
import { createEmulator, type Emulator } from './app';
import { loadEmulatorEnv } from './env';

/**
 * The stack the gateway sends when the browser has none configured: voice list, speech and
 * training require X-Stack-Id, and the dashboard should work against the embedded emulator
 * with zero setup. A stack the browser sends wins (the gateway only fills in a missing one).
 */
export const embeddedStackId = 'local';

export interface EmbeddedSetup {
  emulator: Emulator;
  /** What `createApp({ emulator })` takes: the first EMULATOR_API_KEYS key is injected. */
  embedded: EmbeddedEmulator;
}

/**
 * The emulator in the gateway's process (no API_BASE_URL). Reads EMULATOR_* from `source`;
 * throws the same "Invalid emulator environment" error as the standalone emulator.
 */
export function createEmbeddedEmulator(
  source: Record<string, string | undefined>,
  gatewayEnv: Pick<Env, 'STACK_ID'>,
  logger?: Logger,
): EmbeddedSetup {
  const env = loadEmulatorEnv(source);
  const emulator = createEmulator({ env, checkResponses: false, ...(logger && { logger }) });
  return {
    emulator,
    embedded: {
      fetch: (request) => emulator.app.fetch(request),
      apiKey: env.EMULATOR_API_KEYS[0]!,
      stackId: gatewayEnv.STACK_ID ?? embeddedStackId,
    },
  };
}
