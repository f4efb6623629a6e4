import type { EmulatorDb } from './database';
import { statement } from './sql';

/** How often a key used a voice in speech synthesis: the catalog's `usage_count`. */
export function incrementVoiceUsage(db: EmulatorDb, owner: string, voiceId: string, by = 1): void {
  statement(
    db,
    `INSERT INTO voice_usage (voice_id, owner, count) VALUES (?, ?, ?)
     ON CONFLICT (owner, voice_id) DO UPDATE SET count = count + excluded.count`,
  ).run(voiceId, owner, by);
}

/** Usage per voice id for one key; voices never used are absent (count 0). */
export function voiceUsageCounts(db: EmulatorDb, owner: string): Map<string, number> {
  const rows = statement<[string], { voice_id: string; count: number }>(
    db,
    'SELECT voice_id, count FROM voice_usage WHERE owner = ?',
  ).all(owner);
  return new Map(rows.map((row) => [row.voice_id, row.count]));
}
