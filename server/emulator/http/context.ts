import type { Context, Hono } from 'hono';

/** What the emulator's middleware puts in each request's context. */
export interface EmulatorVariables {
  /** Fresh per request; sent as X-Trace-Id and, where the spec shows it, as `trace_id`. */
  traceId: string;
  /** sha256 of the caller's API key; set by the auth middleware on authenticated routes. */
  keyHash: string;
}

export type EmulatorBindings = { Variables: EmulatorVariables };
export type EmulatorContext = Context<EmulatorBindings>;
export type EmulatorApp = Hono<EmulatorBindings>;
