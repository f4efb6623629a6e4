import type { Logger } from '../logger';
import type { EmulatorDb } from './db/database';
import type { EmulatorEnv } from './env';
import type { EmulatorApp } from './http/context';
import type { MediaStore } from './media-store';

/** What a route module can use. One instance per emulator (tests build many side by side). */
export interface EmulatorDeps {
  env: EmulatorEnv;
  db: EmulatorDb;
  mediaStore: MediaStore;
  /** The clock: tests pass a fixed or stepping one. */
  now: () => Date;
  logger: Logger;
  /** Runs when the emulator closes, before the database does: stop timers and workers here. */
  onClose(cleanup: () => void | Promise<void>): void;
}

/**
 * A file under routes/ exports one of these; route-modules.ts lists them. It registers its
 * endpoints with registerEndpoint and may start background work (cleaned up through onClose).
 */
export type RouteModule = (app: EmulatorApp, deps: EmulatorDeps) => void;
