import { describe, expect, it } from 'vitest';
import {
  notificationEventSchema,
  type NotificationEvent,
  type NotificationJob,
} from '../../src/api/contract/notifications';
import { webhookBody } from './webhook-body';

function job(overrides: Partial<NotificationJob> = {}): NotificationJob {
  return {
    id: 'task_1',
    kind: 'voice',
    name: 'my_voice',
    status: 'completed',
    result_urls: ['https://cdn.example/voice.wav'],
    cost: 0.42,
    error: null,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:12:05.000Z',
    duration_s: 725,
    started_by: { id: 'u1', name: 'Ada', token: null },
    url: 'https://studio.example/jobs/task_1',
    ...overrides,
  };
}

function event(type: string, data: NotificationEvent['data'] = job()): NotificationEvent {
  return { type, timestamp: '2025-03-01T10:12:05.000Z', data };
}

interface SlackBlock {
  type: string;
  text?: { type: string; text: string };
  fields?: { type: string; text: string }[];
  elements?: { type: string; text: string }[];
}
interface SlackBody {
  text: string;
  blocks: SlackBlock[];
}
interface DiscordBody {
  content: string;
  allowed_mentions: { parse: string[] };
  embeds?: {
    title: string;
    url?: string;
    description?: string;
    color?: number;
    fields: { name: string; value: string; inline: boolean }[];
    timestamp: string;
  }[];
}

const slack = (e: NotificationEvent) => JSON.parse(webhookBody('slack', e)) as SlackBody;
const discord = (e: NotificationEvent) => JSON.parse(webhookBody('discord', e)) as DiscordBody;
const fieldTexts = (body: SlackBody) =>
  body.blocks.flatMap((block) => block.fields ?? []).map((field) => field.text);

describe('standard body', () => {
  it('is the event itself, and reads back through the contract', () => {
    const sent = event('training.completed');
    const text = webhookBody('standard', sent);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['type', 'timestamp', 'data']);
    expect(notificationEventSchema.parse(JSON.parse(text))).toEqual(sent);
  });

  it('carries data that is not a job as it is', () => {
    const sent = event('webhook.test', { message: 'hello' });
    expect(notificationEventSchema.parse(JSON.parse(webhookBody('standard', sent)))).toEqual(sent);
  });
});

describe('slack body', () => {
  it('has a fallback line with the title and the link', () => {
    expect(slack(event('training.completed')).text).toBe(
      'Voice training “my_voice” completed: <https://studio.example/jobs/task_1|Open in Media Studio>',
    );
  });

  it('lays the job out in blocks: title, facts, link', () => {
    const body = slack(event('training.completed'));
    expect(body.blocks[0]!.text!.text).toBe('*Voice training “my_voice” completed*');
    expect(fieldTexts(body)).toEqual([
      '*Name*\nmy_voice',
      '*Status*\nCompleted',
      '*Duration*\n12 min 5 s',
      '*Cost*\n$0.42',
      '*Started by*\nAda',
    ]);
    expect(body.blocks.at(-1)).toEqual({
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: '<https://studio.example/jobs/task_1|Open in Media Studio>' },
      ],
    });
  });

  it('shows a dash for what is not known, and the error of a failed job', () => {
    const failed = job({
      status: 'failed',
      cost: null,
      duration_s: null,
      started_by: null,
      error: { code: 'bad_audio', message: 'The sample is too short' },
    });
    const body = slack(event('training.failed', failed));
    expect(fieldTexts(body).slice(2)).toEqual(['*Duration*\n—', '*Cost*\n—', '*Started by*\n—']);
    expect(JSON.stringify(body.blocks)).toContain('*Error:* The sample is too short');
  });

  it('escapes &, < and > in what people typed', () => {
    const named = job({ name: '<script>&<!channel>' });
    const body = slack(event('training.completed', named));
    const text = JSON.stringify(body);
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('<!channel>');
    expect(fieldTexts(body)[0]).toBe('*Name*\n&lt;script&gt;&amp;&lt;!channel&gt;');
    expect(body.text).toContain('“&lt;script&gt;&amp;&lt;!channel&gt;”');
  });

  it('links nowhere when the gateway knows only a path', () => {
    const body = slack(event('training.completed', job({ url: '/jobs/task_1' })));
    expect(body.text).toBe('Voice training “my_voice” completed');
    expect(body.blocks.map((block) => block.type)).toEqual(['section', 'section']);
  });

  it('keeps a long name within what Slack accepts for a field', () => {
    const body = slack(event('training.completed', job({ name: '&'.repeat(5000) })));
    for (const text of fieldTexts(body)) expect(text.length).toBeLessThanOrEqual(2000);
  });

  it('gives a test event plain text and one section', () => {
    const body = slack(event('webhook.test', { message: 'hello' }));
    expect(body).toEqual({
      text: 'Test event from Media Studio',
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: '*Test event from Media Studio*' } },
      ],
    });
  });
});

describe('discord body', () => {
  it('has the title as content and pings nobody, whatever the name says', () => {
    const body = discord(event('training.completed', job({ name: '@everyone' })));
    expect(body.content).toBe('Voice training “@everyone” completed');
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it('embeds the job with its link, fields and moment', () => {
    const [embed] = discord(event('training.completed')).embeds!;
    expect(embed).toMatchObject({
      title: 'Voice training “my_voice” completed',
      url: 'https://studio.example/jobs/task_1',
      description: '[Open in Media Studio](https://studio.example/jobs/task_1)',
      timestamp: '2025-03-01T10:12:05.000Z',
    });
    expect(embed!.fields).toEqual([
      { name: 'Name', value: 'my_voice', inline: false },
      { name: 'Status', value: 'Completed', inline: true },
      { name: 'Duration', value: '12 min 5 s', inline: true },
      { name: 'Cost', value: '$0.42', inline: true },
      { name: 'Started by', value: 'Ada', inline: true },
    ]);
  });

  it.each([
    ['training.completed', 0x22c55e],
    ['speech.failed', 0xef4444],
    ['training.stalled', 0xf59e0b],
  ])('colours %s', (type, color) => {
    expect(discord(event(type)).embeds![0]!.color).toBe(color);
  });

  it('cuts a long name and error to Discord limits with …, keeping the link whole', () => {
    const long = job({ name: 'x'.repeat(3000), error: { code: 'e', message: 'y'.repeat(9000) } });
    const embed = discord(event('training.failed', long)).embeds![0]!;
    expect(embed.title).toBe(`Voice training “${'x'.repeat(60)}…” failed`);
    expect(embed.fields[0]!.value).toBe(`${'x'.repeat(1023)}…`);
    expect(embed.description).toMatch(
      /^y+…\n\n\[Open in Media Studio\]\(https:\/\/studio\.example\/jobs\/task_1\)$/,
    );
    expect(embed.description!.length).toBeLessThanOrEqual(2000);
    const parts = [
      embed.title,
      embed.description,
      ...embed.fields.flatMap((f) => [f.name, f.value]),
    ];
    expect(parts.join('').length).toBeLessThanOrEqual(6000);
  });

  it('cuts the title and content of an event it does not know to Discord limits', () => {
    const body = discord(event(`budget.${'z'.repeat(3000)}`));
    expect(body.content).toHaveLength(2000);
    expect(body.content.endsWith('z…')).toBe(true);
    expect(body.embeds![0]!.title).toHaveLength(256);
    expect(body.embeds![0]!.title.endsWith('z…')).toBe(true);
  });

  it('never cuts an emoji in half', () => {
    const body = discord(event('training.completed', job({ name: '😀'.repeat(1000) })));
    const value = body.embeds![0]!.fields[0]!.value;
    expect(value).toBe(`${'😀'.repeat(511)}…`);
  });

  it('leaves out the url when the gateway knows only a path', () => {
    const [embed] = discord(event('training.completed', job({ url: '/jobs/task_1' }))).embeds!;
    expect(embed).not.toHaveProperty('url');
    expect(embed).not.toHaveProperty('description');
  });

  it('sends a test event as content alone', () => {
    expect(discord(event('webhook.test', { message: 'hello' }))).toEqual({
      content: 'Test event from Media Studio',
      allowed_mentions: { parse: [] },
    });
  });
});
