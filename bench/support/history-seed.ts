import {
  historyKinds,
  isTrainingKind,
  type HistoryImportEntry,
  type HistoryKind,
  type HistoryReading,
  type HistorySource,
  type HistoryStarter,
} from '../../src/api/contract/history';
import { within } from '../../server/db/within';
import { openHistorySqlite } from '../../server/history/history-db';
import { createHistoryStore } from '../../server/history/history-store';

/** Words names, prompts and texts are made of: every one is in the history many times. */
export const seedWords = [
  'amber',
  'harbor',
  'midnight',
  'violet',
  'canyon',
  'echo',
  'lantern',
  'meadow',
  'orbit',
  'quartz',
  'river',
  'saffron',
  'thunder',
  'velvet',
  'willow',
  'glacier',
  'ember',
  'falcon',
  'granite',
  'horizon',
  'island',
  'jasmine',
  'kestrel',
  'lagoon',
  'marble',
  'nebula',
  'opal',
  'prairie',
  'raven',
  'summit',
  'tundra',
  'aurora',
  'breeze',
  'cobalt',
  'dune',
  'fjord',
  'grove',
  'hollow',
  'ivory',
  'juniper',
  'narrator',
  'podcast',
  'trailer',
  'lullaby',
  'anthem',
  'jingle',
  'portrait',
  'skyline',
  'forest',
  'ocean',
];
/** Words that are in no entry: a search for them finds nothing. */
export const absentWords = ['zephyrine', 'quixotic', 'xylograph', 'brontide', 'sonder'];

/** A running training's estimated cost, as the service reports it (`cost_estimate`). */
export const runningCostEstimate = 2.5;

/** What the stub upstream answers for a running job: seeded the same, so polling changes nothing. */
export const runningStatusBody = (taskId: string) => ({
  task_id: taskId,
  status: 'running',
  progress: 0.5,
  current_step: 500,
  total_steps: 1000,
  cost_estimate: runningCostEstimate,
});

/** First names the seeded people are given (with their number, so each is distinct). */
const personNames = ['Alice', 'Bruno', 'Chen', 'Dana', 'Emeka', 'Farah', 'Goran', 'Hana'];
/** Names of the personal access tokens scripts start jobs with. */
const tokenNames = ['ci', 'nightly', 'notebook'];

/** A small deterministic generator (mulberry32): every run seeds the same history. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedOptions {
  count: number;
  /** Only these kinds (default: all ten). */
  kinds?: readonly HistoryKind[];
  /** How many training entries are running (the rest are settled). */
  running: number;
  /** Creation times are spread evenly at random over this many days before now. */
  days: number;
  seed?: number;
  /**
   * Signed-in people who started the entries (`u-0` … `u-{people-1}`, some more active than
   * others), some entries through a personal access token. Without it nobody started any
   * (`started_by` null, as in open mode).
   */
  people?: number;
}

export interface SeedReport {
  count: number;
  running: string[];
  byKind: Record<string, number>;
  byStatus: Record<string, number>;
  ms: number;
}

function pickStatus(kind: HistoryKind, roll: number): string {
  if (kind === 'sandbox') return roll < 0.7 ? 'terminated' : 'ready';
  if (kind === 'upload' || kind === 'voice_extend' || kind === 'speech') return 'completed';
  if (roll < 0.85) return 'completed';
  if (roll < 0.95 || kind === 'image' || kind === 'video' || kind === 'speech_async')
    return 'failed';
  return 'cancelled';
}

/**
 * An entry as a browser's import carries it, plus who started it: the store's importEntry
 * writes every field of the record it is given, `started_by` too, and counts its usage.
 */
export type SeededImportEntry = HistoryImportEntry & { started_by?: HistoryStarter | null };

/** One seeded entry and where it says it came from. */
export interface SeededEntry {
  entry: SeededImportEntry;
  source: HistorySource;
}

/**
 * The seeded history, entry by entry: names, prompts and texts of seeded words, voice ids,
 * statuses, results, errors and readings of every kind asked, created over `days` days. The
 * first `running` training entries run. `report` counts them as they are made (all but `count`
 * and `ms`, which are the writer's).
 */
export function* seededEntries(options: SeedOptions, report: SeedReport): Generator<SeededEntry> {
  const next = random(options.seed ?? 16);
  const kinds = options.kinds ?? historyKinds;
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const phrase = (n: number) => Array.from({ length: n }, () => pick(seedWords)).join(' ');
  const now = Date.now();
  // People are drawn from their own sequence: with or without them, the entries are the same.
  const nextPerson = random((options.seed ?? 16) + 1);
  const starterOf = (people: number): HistoryStarter => {
    // Squared: the first people start most of the jobs, as a team's busiest members do.
    const n = Math.floor(nextPerson() ** 2 * people);
    const roll = nextPerson();
    const token = roll < 0.6 ? null : tokenNames[Math.floor(roll * 10) % tokenNames.length]!;
    return { id: `u-${n}`, name: `${personNames[n % personNames.length]} ${n}`, token };
  };

  const entryAt = (i: number): SeededImportEntry => {
    const kind = pick(kinds);
    const id = `${kind}_seed_${i.toString(36)}_${Math.floor(next() * 1e9).toString(36)}`;
    const created = new Date(now - next() * options.days * 86_400_000);
    const at = (offsetS: number) => new Date(created.getTime() + offsetS * 1000).toISOString();
    const isTraining = isTrainingKind(kind);
    const running = isTraining && report.running.length < options.running;
    const status = running ? 'running' : pickStatus(kind, next());
    const voiceId = `${pick(seedWords)}_${pick(seedWords)}_${i % 97}`;
    let name: string;
    let params: Record<string, unknown>;
    if (kind === 'voice') {
      name = voiceId;
      params = { name: voiceId, reference_urls: [`https://media.example/refs/${id}.wav`] };
    } else if (isTraining) {
      name = `${pick(seedWords)}_${kind === 'music_lora' ? 'style' : 'motion'}_${i % 89}`;
      params = { name, dataset: `file_${id}` };
    } else if (kind === 'image' || kind === 'video') {
      const prompt = `${phrase(4)}, ${phrase(5)} at dusk`;
      name = prompt.slice(0, 60);
      params = { prompt, model: kind === 'image' ? 'image-1' : 'video-1' };
    } else if (kind === 'upload') {
      name = `${pick(seedWords)}-${i % 500}.wav`;
      params = { purpose: 'general' };
    } else if (kind === 'sandbox') {
      name = `${pick(['python', 'node', 'bash'])} sandbox`;
      params = { language: name.split(' ')[0] };
    } else {
      const text = `${phrase(6)}. ${phrase(8)}.`;
      name = text.slice(0, 60);
      params = { text, voice_id: voiceId };
    }
    const readings: HistoryReading[] = isTraining
      ? [
          { at: at(0), status: 'queued' },
          { at: at(5), status: 'running', progress: 0, current_step: 0 },
          ...(status === 'running'
            ? [{ at: at(60), status: 'running', progress: 0.5, current_step: 500 }]
            : [{ at: at(300), status, progress: status === 'completed' ? 1 : 0.4 }]),
        ]
      : [{ at: at(0), status }];
    const cost = status === 'completed' ? Math.round(next() * 500) / 100 : null;
    // What the service answers a training's status with: its cost (committed-cost.ts).
    const latest = running
      ? runningStatusBody(id)
      : isTraining
        ? {
            task_id: id,
            status,
            progress: status === 'completed' ? 1 : 0.4,
            ...(cost !== null && { total_cost: cost }),
          }
        : { status };
    if (running) report.running.push(id);
    report.byKind[kind] = (report.byKind[kind] ?? 0) + 1;
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    return {
      id,
      kind,
      name,
      params,
      created_at: created.toISOString(),
      status,
      latest,
      result:
        status === 'completed' && kind !== 'sandbox'
          ? { urls: [`https://media.example/out/${id}.bin`], file_ids: [] }
          : null,
      cost,
      error:
        status === 'failed' ? { code: 'training_failed', message: `${phrase(4)} failed` } : null,
      readings,
      ...(options.people ? { started_by: starterOf(options.people) } : {}),
    };
  };

  for (let i = 0; i < options.count; i++) {
    yield { entry: entryAt(i), source: i % 4 === 0 ? 'client' : 'dashboard' };
  }
}

export const emptySeedReport = (): SeedReport => ({
  count: 0,
  running: [],
  byKind: {},
  byStatus: {},
  ms: 0,
});

/**
 * Fills `${dataDir}/history.sqlite` with seededEntries through the store itself (importEntry,
 * in one transaction).
 */
export async function seedHistory(dataDir: string, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const report = emptySeedReport();
  const db = openHistorySqlite(dataDir);
  try {
    await db.transaction(async (tx) => {
      const store = createHistoryStore(within(tx));
      for (const { entry, source } of seededEntries(options, report)) {
        if ((await store.importEntry(entry, source)) === 'imported') report.count++;
      }
    });
  } finally {
    await db.close();
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
