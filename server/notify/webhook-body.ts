import {
  notificationJobSchema,
  type NotificationEvent,
  type NotificationJob,
  type WebhookFormat,
} from '../../src/api/contract/notifications';
import { costText, durationText, eventTitle, starterText, statusText } from './event-text';

/** The body a webhook of this format receives for an event, as JSON text. */
export function webhookBody(format: WebhookFormat, event: NotificationEvent): string {
  if (format === 'slack') return JSON.stringify(slackBody(event));
  if (format === 'discord') return JSON.stringify(discordBody(event));
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
}

/** The job an event tells of; null for a test event or a notice about a webhook. */
function jobOf(event: NotificationEvent): NotificationJob | null {
  const parsed = notificationJobSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/** A job's page, when it is one a chat can link to: a path alone leads nowhere from there. */
function linkOf(job: NotificationJob): string | null {
  return /^https?:\/\//i.test(job.url) ? job.url : null;
}

/** Cut to `max` characters with "…", never in the middle of an emoji's surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

function facts(job: NotificationJob) {
  return [
    { name: 'Name', value: job.name || job.id },
    { name: 'Status', value: statusText(job.status) },
    { name: 'Duration', value: durationText(job.duration_s) ?? '—' },
    { name: 'Cost', value: costText(job.cost) ?? '—' },
    { name: 'Started by', value: starterText(job) ?? '—' },
  ];
}

// Slack reads &, < and > as its own markup (links, mentions such as <!channel>): a job's name
// comes from whoever started it, so each is escaped wherever user text meets mrkdwn.
function slackEscape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

// Slack refuses a section's text past 3,000 characters and a field's past 2,000; escaping can
// make text up to five times longer, so user text is cut before it is escaped.
const slackFieldChars = 300;
const slackTextChars = 500;

function slackBody(event: NotificationEvent) {
  const job = jobOf(event);
  const title = slackEscape(cut(eventTitle(event.type, job, event.data), slackTextChars));
  const plain = { type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } };
  if (!job) return { text: title, blocks: [plain] };

  const link = linkOf(job);
  const anchor = link ? `<${slackEscape(link)}|Open in Media Studio>` : null;
  const blocks: object[] = [
    plain,
    {
      type: 'section',
      fields: facts(job).map(({ name, value }) => ({
        type: 'mrkdwn',
        text: `*${name}*\n${slackEscape(cut(value, slackFieldChars))}`,
      })),
    },
  ];
  if (job.error) {
    const message = slackEscape(cut(job.error.message, slackTextChars));
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `*Error:* ${message}` } });
  }
  if (anchor) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: anchor }] });
  return { text: anchor ? `${title}: ${anchor}` : title, blocks };
}

const discordColors: Record<string, number> = {
  completed: 0x22c55e,
  failed: 0xef4444,
  stalled: 0xf59e0b,
};

// Discord refuses the whole message when one part passes its limit, or when an embed's parts
// add up to more than 6,000 characters: the description keeps 2,000 of its 4,096 so that a
// long error beside a long name still fits.
const discordLimits = { content: 2000, title: 256, description: 2000, fieldValue: 1024 };

function discordBody(event: NotificationEvent) {
  const job = jobOf(event);
  const title = eventTitle(event.type, job, event.data);
  // Nobody is pinged, whatever a job's name says: "@everyone" stays text.
  const message = { content: cut(title, discordLimits.content), allowed_mentions: { parse: [] } };
  if (!job) return message;

  const link = linkOf(job);
  const color = discordColors[event.type.split('.')[1] ?? ''];
  const linkLine = link ? `[Open in Media Studio](${link.replaceAll(')', '%29')})` : '';
  // The error gives way to the link, so a long one never cuts the way to the job's page.
  const room = discordLimits.description - linkLine.length - 2;
  const description = [job.error && cut(job.error.message, room), linkLine]
    .filter(Boolean)
    .join('\n\n');
  const embed = {
    title: cut(title, discordLimits.title),
    // Discord refuses an embed whose url is not absolute.
    ...(link ? { url: link } : {}),
    ...(description ? { description } : {}),
    ...(color === undefined ? {} : { color }),
    fields: facts(job).map(({ name, value }) => ({
      name,
      value: cut(value, discordLimits.fieldValue),
      inline: name !== 'Name',
    })),
    timestamp: event.timestamp,
  };
  return { ...message, embeds: [embed] };
}
