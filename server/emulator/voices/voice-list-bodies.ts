import { withTraceId } from '../http/trace-id-body';
import { LruCache } from '../speech/lru-cache';

/** Principals × origins × the few queries a dashboard sends (scope, language). */
const MAX_LISTS = 256;
/** A default catalog's list is ~25 KB; EMULATOR_VOICES can make one several MB. */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * Voice list bodies, kept as bytes up to `"trace_id":` (the only part that differs from one
 * request to the next; see withTraceId). A dashboard polls the list with the same query;
 * rebuilding tens of KB of JSON each time was most of that request's cost.
 *
 * `revision` says what the body was built from (usage counts, custom voices); a body built at
 * another revision is rebuilt. The caller computes it before building, so a change that lands
 * while a build awaits leaves a body tagged with the older revision, rebuilt on the next request.
 */
export interface VoiceListBodies {
  body(
    key: string,
    revision: string,
    traceId: string,
    build: () => Promise<string>,
  ): Promise<Buffer<ArrayBuffer>>;
}

export function createVoiceListBodies(): VoiceListBodies {
  const heads = new LruCache<{ revision: string; head: Buffer }>(MAX_LISTS, MAX_BYTES);
  return {
    async body(key, revision, traceId, build) {
      let cached = heads.get(key);
      if (cached?.revision !== revision) {
        cached = { revision, head: Buffer.from(await build()) };
        heads.set(key, cached, cached.head.byteLength);
      }
      return withTraceId(cached.head, traceId);
    },
  };
}
