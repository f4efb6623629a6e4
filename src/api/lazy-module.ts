import type { z } from './contract/zod';
import { ApiError, clientErrorCodes } from './api-error';

/**
 * A part of the API layer loaded on its first use rather than with the page (the client, a
 * group of the contract's schemas). A failed load is a network failure like any other, with
 * `message` saying what could not load, and the next use tries again.
 */
export function lazyModule<M>(load: () => Promise<M>, message: string): () => Promise<M> {
  let loading: Promise<M> | null = null;
  return () => {
    loading ??= load().catch((cause: unknown) => {
      loading = null;
      throw new ApiError({ code: clientErrorCodes.network, message, status: null, cause });
    });
    return loading;
  };
}

const schemasMissing =
  'The dashboard could not load the schemas of its answer: the network failed or the server is not running.';

/**
 * A group of the contract's schemas loaded with the first request that needs one (zod builds
 * every schema of a module as it runs): `schemaOf(name)` is how to load one of them.
 */
export function lazySchemas<M>(load: () => Promise<M>) {
  const group = lazyModule(load, schemasMissing);
  return <K extends keyof M>(name: K) =>
    (): Promise<M[K]> =>
      group().then((schemas) => schemas[name]);
}

/**
 * A schema of a lazily loaded group behind a hand check (./hand-check.ts): a body the check
 * passes is the answer as it is, and the group loads only to judge a body the check refuses,
 * naming its issue. The gateway's history, which every page reads, then builds none of its
 * schemas at all while its answers are what the contract says.
 */
export class CheckedSchema<S extends z.core.$ZodType> {
  constructor(
    readonly passes: (body: unknown) => body is z.output<S>,
    readonly load: () => Promise<S>,
  ) {}
}

/** A response schema, how to load its group, or a hand check before loading it. */
export type SchemaSource<S extends z.core.$ZodType> = S | (() => Promise<S>) | CheckedSchema<S>;
