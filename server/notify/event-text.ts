import { firstWords, type HistoryKind } from '../../src/api/contract/history';
import { budgetReachedSchema, budgetReachedType } from '../../src/api/contract/usage';
import {
  testEventType,
  webhookPausedType,
  type NotificationJob,
} from '../../src/api/contract/notifications';
import { formatCost } from '../../src/lib/format-cost';
import { startedByText } from '../../src/lib/history-starter';

// The words a person reads about an event: the inbox's line, a push's title, a chat message.

const kindNouns: Record<HistoryKind, string> = {
  voice: 'Voice training',
  music_lora: 'Music LoRA training',
  video_lora: 'Video LoRA training',
  image: 'Image',
  video: 'Video',
  speech: 'Speech',
  speech_async: 'Speech',
  voice_extend: 'Voice extension',
  upload: 'Upload',
  sandbox: 'Sandbox',
};

/** What an event of this family says of a job that is not at hand. */
const familyNouns: Record<string, string> = {
  training: 'Training',
  speech: 'Speech',
  generation: 'Generation',
};

/** Trainings "complete"; a speech or an image is something to go and get, so it "is ready". */
function outcome(family: string, what: string): string | null {
  if (what === 'completed') return family === 'training' ? 'completed' : 'is ready';
  if (what === 'failed') return 'failed';
  if (what === 'stalled') return 'has stalled (no progress)';
  return null;
}

/**
 * A job's name as a title quotes it: one line, at most 60 characters, cut at a word like the
 * history's names are. A nameless job goes by its id, as the activity list shows it.
 */
function quotedName(job: NotificationJob): string {
  return `“${firstWords(job.name || job.id, 60)}”`;
}

/**
 * "Team budget 80 % used: $8.00 of $10.00 in December 2026", "Bob's budget reached: …; new
 * trainings wait until January 1, 2027". Null when `data` is not what a budget event tells.
 */
export function budgetTitle(data: unknown): string | null {
  const parsed = budgetReachedSchema.safeParse(data);
  if (!parsed.success) return null;
  const budget = parsed.data;
  const whose = budget.person ? `${budget.person.name}'s budget` : 'Team budget';
  const month = new Date(`${budget.month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const spent = `${formatCost(budget.spend)} of ${formatCost(budget.monthly_limit)} in ${month}`;
  if (budget.threshold < 100) return `${whose} ${budget.threshold} % used: ${spent}`;
  const resets = new Date(budget.resets_at).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${whose} reached: ${spent}; new trainings wait until ${resets}`;
}

/**
 * "Voice training “my_voice” completed", "Image “a cat…” is ready", "Webhook paused", and a
 * budget's news from its `data`.
 */
export function eventTitle(type: string, job: NotificationJob | null, data?: unknown): string {
  if (type === testEventType) return 'Test event from Media Studio';
  if (type === webhookPausedType) return 'Webhook paused';
  if (type === budgetReachedType) return budgetTitle(data) ?? 'Budget reached';
  const [family = '', what = ''] = type.split('.');
  const verb = outcome(family, what);
  const noun = job ? kindNouns[job.kind] : familyNouns[family];
  // An event this gateway does not know yet still names its job rather than nothing.
  if (verb === null || noun === undefined) return job ? `${type}: ${quotedName(job)}` : type;
  return job ? `${noun} ${quotedName(job)} ${verb}` : `${noun} ${verb}`;
}

/** "completed" → "Completed", "not_found" → "Not found": the service's status, for a reader. */
export function statusText(status: string): string {
  const words = status.replaceAll('_', ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unknown';
}

/**
 * "45 s", "12 min 5 s", "2 h 3 min": whole seconds, rounded down like the job board's clock.
 * Past an hour the seconds no longer tell anything. Null when unknown.
 */
export function durationText(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** "$0.42", "$0.0035"; null when the service told no cost. */
export function costText(cost: number | null): string | null {
  return cost === null || !Number.isFinite(cost) ? null : formatCost(cost);
}

/** "Ada", or "Ada via token nightly"; null when nobody signed in to start it. */
export function starterText(job: NotificationJob): string | null {
  return job.started_by ? startedByText(job.started_by).replace(/^by /, '') : null;
}

/** "Completed · 12 min 5 s · $0.42 · by Ada": the line under a title. Unknown parts are left out. */
export function eventSummary(job: NotificationJob): string {
  const parts = [statusText(job.status), durationText(job.duration_s), costText(job.cost)];
  if (job.started_by) parts.push(startedByText(job.started_by));
  return parts.filter((part) => part !== null).join(' · ');
}
