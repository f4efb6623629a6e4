import { listVoices } from '../../../src/api/contract/endpoints';
import { customVoicesRevision } from '../db/custom-voices-repo';
import { asciiJson } from '../http/ascii-json';
import { registerEndpoint } from '../http/endpoint-route';
import type { RouteModule } from '../route-module';
import { voiceJson } from '../voices/catalog-json';
import { customVoiceEntries } from '../voices/custom-voice-entries';
import { createVoiceListBodies } from '../voices/voice-list-bodies';
import { voiceServices } from '../voices/voice-services';

/**
 * `GET /v1/voice/list`: generic voices (seeds, padded by EMULATOR_VOICES), this key and
 * stack's custom voices, and celebrity voices when EMULATOR_CELEBRITY=1. `all` lists them in
 * that order. The first request on a fresh data dir waits for the previews to render.
 *
 * The body is assembled from JSON serialized once per origin (see catalog-json.ts) and kept
 * per principal, origin and query until a usage count or a custom voice changes (see
 * voice-list-bodies.ts), so the handler returns its own Response instead of an object for
 * registerEndpoint to check.
 */
export const voiceRoutes: RouteModule = (app, deps) => {
  const services = voiceServices(deps);
  const { previews, catalogJson, usage, assets } = services;
  const bodies = createVoiceListBodies();

  registerEndpoint(app, listVoices, async ({ c, query, principal, traceId, origin }) => {
    const { scope, language } = query;
    await previews.ready();
    const key = JSON.stringify([principal.keyHash, principal.stackId, origin, scope, language]);
    const revision = `${usage.revision(principal.keyHash)}:${customVoicesRevision(deps.db)}`;
    const body = await bodies.body(key, revision, traceId, async () => {
      const counts = usage.countsFor(principal.keyHash);
      const voices: string[] = [];
      const addBuiltIn = (part: 'generic' | 'celebrity') => {
        for (const entry of catalogJson(origin, part, language))
          voices.push(voiceJson(entry, counts));
      };
      if (scope === 'generic' || scope === 'all') addBuiltIn('generic');
      if (scope === 'custom' || scope === 'all') {
        const custom = await customVoiceEntries(deps, assets, principal, {
          origin,
          language,
          usage: counts,
        });
        for (const voice of custom) voices.push(asciiJson(voice));
      }
      if (scope === 'celebrity' || scope === 'all') addBuiltIn('celebrity');
      return (
        `{"data":{"voices":[${voices.join(',')}],"count":${voices.length},` +
        `"scope":${JSON.stringify(scope)}},"trace_id":`
      );
    });
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });
};
