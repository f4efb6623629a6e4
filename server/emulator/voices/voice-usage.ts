import type { EmulatorDb } from '../db/database';
import { incrementVoiceUsage, voiceUsageCounts } from '../db/voice-usage-repo';

/**
 * Per-key voice usage (the catalog's usage_count on top of each voice's own count). Speech is
 * the only writer and lives in this process, so each key's counts are read from SQLite once
 * and then kept in memory: a voice list costs no query for them.
 */
export interface VoiceUsage {
  countsFor(owner: string): ReadonlyMap<string, number>;
  /** Changes whenever one of this key's counts does: lets a reader keep what it derived. */
  revision(owner: string): number;
  /** One use of a voice for speech (sync or async); reaches voice_usage at the next flush. */
  record(owner: string, voiceId: string): void;
  /** Writes pending uses now (at close, and by the timer). */
  flush(): void;
}

/**
 * Uses are written in batches at most this long after they happen, so a burst of speech
 * requests costs one SQLite transaction rather than one commit each. A crash loses at most
 * this much counting, which is acceptable for a usage statistic.
 */
const FLUSH_DELAY_MS = 500;

export function createVoiceUsage(db: EmulatorDb): VoiceUsage {
  const byOwner = new Map<string, Map<string, number>>();
  const pending = new Map<string, Map<string, number>>();
  const revisions = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;

  const countsFor = (owner: string) => {
    let counts = byOwner.get(owner);
    if (!counts) byOwner.set(owner, (counts = voiceUsageCounts(db, owner)));
    return counts;
  };
  const bump = (map: Map<string, number>, voiceId: string) =>
    map.set(voiceId, (map.get(voiceId) ?? 0) + 1);

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.size === 0) return;
    const batch = [...pending].flatMap(([owner, uses]) =>
      [...uses].map(([voiceId, by]) => ({ owner, voiceId, by })),
    );
    pending.clear();
    db.transaction(() => {
      for (const { owner, voiceId, by } of batch) incrementVoiceUsage(db, owner, voiceId, by);
    })();
  };

  return {
    countsFor,
    revision: (owner) => revisions.get(owner) ?? 0,
    record(owner, voiceId) {
      bump(countsFor(owner), voiceId);
      revisions.set(owner, (revisions.get(owner) ?? 0) + 1);
      let uses = pending.get(owner);
      if (!uses) pending.set(owner, (uses = new Map()));
      bump(uses, voiceId);
      if (!timer) {
        timer = setTimeout(flush, FLUSH_DELAY_MS);
        timer.unref();
      }
    },
    flush,
  };
}
