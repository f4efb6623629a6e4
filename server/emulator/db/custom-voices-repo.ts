import type { Voice } from '../../../src/api/contract/voices';
import type { Principal } from '../principal';
import type { EmulatorDb } from './database';
import { fromJson, statement } from './sql';

/** A runtime-created voice (trained, cloned or designed), with `voice_params_json` parsed. */
export interface CustomVoiceRecord {
  voice_id: string;
  owner: string;
  stack: string;
  name: string;
  description: string;
  language: string;
  gender: string;
  preview_media_id: string | null;
  /** What synthesis needs to speak in this voice (pitch, rate…), chosen by the speech module. */
  voice_params: Record<string, unknown>;
  source_task_id: string | null;
  created_at: string;
}

type CustomVoiceRow = Omit<CustomVoiceRecord, 'voice_params'> & { voice_params_json: string };

function fromRow({ voice_params_json, ...rest }: CustomVoiceRow): CustomVoiceRecord {
  return { ...rest, voice_params: fromJson<Record<string, unknown>>(voice_params_json) ?? {} };
}

// Every write to custom_voices goes through this module, so it can count them: readers that
// keep something derived from the table (the voice list's bodies) compare revisions instead
// of querying it on every request.
const revisions = new WeakMap<EmulatorDb, number>();

/** Changes whenever any custom voice of this database is written. */
export function customVoicesRevision(db: EmulatorDb): number {
  return revisions.get(db) ?? 0;
}

/** Inserts or replaces: training a name again replaces the voice it names. */
export function upsertCustomVoice(db: EmulatorDb, record: CustomVoiceRecord): void {
  const { voice_params, ...rest } = record;
  statement(
    db,
    `INSERT OR REPLACE INTO custom_voices (voice_id, owner, stack, name, description, language,
       gender, preview_media_id, voice_params_json, source_task_id, created_at)
     VALUES (@voice_id, @owner, @stack, @name, @description, @language,
       @gender, @preview_media_id, @voice_params_json, @source_task_id, @created_at)`,
  ).run({ ...rest, voice_params_json: JSON.stringify(voice_params) });
  revisions.set(db, customVoicesRevision(db) + 1);
}

export function findCustomVoice(
  db: EmulatorDb,
  voiceId: string,
  principal: Principal,
): CustomVoiceRecord | null {
  const row = statement<[string, string, string], CustomVoiceRow>(
    db,
    'SELECT * FROM custom_voices WHERE voice_id = ? AND owner = ? AND stack = ?',
  ).get(voiceId, principal.keyHash, principal.stackId);
  return row ? fromRow(row) : null;
}

/** The principal's custom voices, oldest first. */
export function listCustomVoices(db: EmulatorDb, principal: Principal): CustomVoiceRecord[] {
  return statement<[string, string], CustomVoiceRow>(
    db,
    'SELECT * FROM custom_voices WHERE owner = ? AND stack = ? ORDER BY created_at, voice_id',
  )
    .all(principal.keyHash, principal.stackId)
    .map(fromRow);
}

export interface VoicePreview {
  url: string;
  /** Content identifier of the preview audio (the emulator uses its sha256). */
  cid: string;
}

/** A catalog entry (listed under scope `custom`); `tags` e.g. `['designed']` for designed voices. */
export function toCustomVoice(
  record: CustomVoiceRecord,
  preview: VoicePreview | null,
  usageCount: number,
  tags: string[] = [],
): Voice {
  return {
    voice_id: record.voice_id,
    name: record.name,
    description: record.description,
    gender: record.gender,
    language: record.language,
    audio_url: preview?.url ?? '',
    audio_cid: preview?.cid ?? '',
    video_url: null,
    video_cid: null,
    tags,
    is_default: false,
    is_precompiled: false,
    usage_count: usageCount,
  };
}
