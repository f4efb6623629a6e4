import { voiceSchema, type Voice } from '../../../src/api/contract/voices';
import type { MediaRecord } from '../db/media-repo';
import { asciiJson } from '../http/ascii-json';
import type { MediaStore } from '../media-store';
import type { CatalogPreviews } from './catalog-previews';
import type { VoiceCatalog } from './voice-catalog';
import type { CatalogScope, VoiceProfile } from './voice-profile';

/**
 * A catalog voice serialized once per origin: `head` is its JSON up to `"usage_count":`, so a
 * list request only appends each key's count. This is what makes GET /v1/voice/list cheap
 * (no per-request JSON.stringify or zod pass over every voice); the entries were checked
 * against the contract's voiceSchema when they were built. The JSON is ASCII (see asciiJson), so
 * the browser parses the list as one-byte text.
 */
export interface SerializedVoice {
  voiceId: string;
  seedUsage: number;
  head: string;
}

interface ScopeEntries {
  all: SerializedVoice[];
  byLanguage: Map<string, SerializedVoice[]>;
}

export const mediaCid = (record: Pick<MediaRecord, 'sha256'>) => `sha256:${record.sha256}`;

function toVoice(
  profile: VoiceProfile,
  previews: CatalogPreviews,
  url: (m: MediaRecord) => string,
): Voice {
  const { audio, video } = previews.of(profile);
  return {
    voice_id: profile.voice_id,
    name: profile.name,
    description: profile.description,
    gender: profile.gender,
    language: profile.language,
    audio_url: url(audio),
    audio_cid: mediaCid(audio),
    video_url: video ? url(video) : null,
    video_cid: video ? mediaCid(video) : null,
    tags: profile.tags,
    is_default: profile.is_default,
    is_precompiled: profile.is_precompiled,
    usage_count: profile.seedUsage,
  };
}

function serialize(voice: Voice): SerializedVoice {
  const { usage_count, ...rest } = voiceSchema.parse(voice);
  return {
    voiceId: voice.voice_id,
    seedUsage: usage_count,
    head: `${asciiJson(rest).slice(0, -1)},"usage_count":`,
  };
}

/** One voice's JSON with this key's usage added. */
export const voiceJson = (entry: SerializedVoice, usage: ReadonlyMap<string, number>) =>
  `${entry.head}${entry.seedUsage + (usage.get(entry.voiceId) ?? 0)}}`;

// Origins seen in practice: the emulator's own, the gateway's, maybe a LAN name. More than this
// means something varies per request; starting over keeps memory bounded.
const MAX_ORIGINS = 16;

export function createCatalogJson(
  catalog: VoiceCatalog,
  previews: CatalogPreviews,
  mediaStore: MediaStore,
) {
  const byOrigin = new Map<string, Map<CatalogScope, ScopeEntries>>();

  function build(origin: string, voices: readonly VoiceProfile[]): ScopeEntries {
    const url = (record: MediaRecord) =>
      mediaStore.urlFor(record.id, origin, record.filename ?? undefined);
    const all = voices.map((profile) => serialize(toVoice(profile, previews, url)));
    const byLanguage = new Map<string, SerializedVoice[]>();
    voices.forEach((profile, index) => {
      const list = byLanguage.get(profile.language) ?? [];
      list.push(all[index]!);
      byLanguage.set(profile.language, list);
    });
    return { all, byLanguage };
  }

  /** Serialized voices of a built-in scope for an origin; call after previews.ready(). */
  return function entries(
    origin: string,
    scope: CatalogScope,
    language?: string,
  ): readonly SerializedVoice[] {
    let scopes = byOrigin.get(origin);
    if (!scopes) {
      if (byOrigin.size >= MAX_ORIGINS) byOrigin.clear();
      byOrigin.set(origin, (scopes = new Map()));
    }
    let cached = scopes.get(scope);
    if (!cached) {
      cached = build(origin, scope === 'generic' ? catalog.generic : catalog.celebrity);
      scopes.set(scope, cached);
    }
    return language === undefined ? cached.all : (cached.byLanguage.get(language) ?? []);
  };
}

export type CatalogJson = ReturnType<typeof createCatalogJson>;
