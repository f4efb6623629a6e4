import { describe, expect, it } from 'vitest';
import { issuePaths, issuesOf } from './test-helpers';
import {
  datasetKind,
  isTerminalTrainingStatus,
  loraTrainingRequestSchema,
  loraTrainingResponseSchema,
  terminalTrainingStatuses,
  trainingStatuses,
  trainingStatusParamsSchema,
  trainingStatusResponseSchema,
  voiceTrainingRequestSchema,
  voiceTrainingResponseSchema,
} from './training';

const clip = (i: number) => `https://cdn.example.com/clip-${i}.wav`;

describe('POST /v1/training/voice body', () => {
  it('accepts one or more http(s) clips and a snake-case name', () => {
    expect(
      voiceTrainingRequestSchema.safeParse({ reference_urls: [clip(1)], name: 'my_voice' }).success,
    ).toBe(true);
    expect(
      voiceTrainingRequestSchema.safeParse({ reference_urls: [1, 2, 3].map(clip), name: 'v2' })
        .success,
    ).toBe(true);
  });

  it('rejects a name outside the snake-case rule', () => {
    expect(
      issuesOf(voiceTrainingRequestSchema, { reference_urls: [clip(1)], name: 'Bad-Name' }),
    ).toEqual([
      { path: 'name', message: 'name must use lowercase letters, digits and underscores only' },
    ]);
  });

  it('rejects an empty list and non-http items, on their paths', () => {
    expect(issuesOf(voiceTrainingRequestSchema, { reference_urls: [], name: 'v' })).toEqual([
      { path: 'reference_urls', message: 'reference_urls must contain at least one audio URL' },
    ]);
    expect(
      issuePaths(voiceTrainingRequestSchema, {
        reference_urls: [clip(1), 'ftp://x.test/b.wav'],
        name: 'v',
      }),
    ).toEqual(['reference_urls.1']);
  });
});

describe('LoRA training body', () => {
  it('tells URLs from file ids', () => {
    expect(datasetKind('https://cdn.example.com/tracks.zip')).toBe('url');
    expect(datasetKind('http://localhost:8787/api/v1/files/f1')).toBe('url');
    expect(datasetKind('file_01HXYZ')).toBe('file_id');
    expect(datasetKind('ftp://x.test/tracks.zip')).toBeNull();
    expect(datasetKind('https://')).toBeNull();
    expect(datasetKind('file id')).toBeNull();
    expect(datasetKind('')).toBeNull();
  });

  it('accepts a URL or a file id with a snake-case name', () => {
    expect(
      loraTrainingRequestSchema.safeParse({ dataset: 'https://x.test/d.zip', name: 'lofi' })
        .success,
    ).toBe(true);
    expect(loraTrainingRequestSchema.safeParse({ dataset: 'file_1', name: 'lofi_2' }).success).toBe(
      true,
    );
  });

  it('rejects other datasets and names on their paths', () => {
    expect(
      issuesOf(loraTrainingRequestSchema, { dataset: 'ftp://x.test/d.zip', name: 'lofi' }),
    ).toEqual([
      {
        path: 'dataset',
        message:
          'dataset must be an http(s) URL to a zip archive or a file id returned by file upload',
      },
    ]);
    expect(issuePaths(loraTrainingRequestSchema, { dataset: '', name: 'lofi' })).toEqual([
      'dataset',
    ]);
    expect(issuePaths(loraTrainingRequestSchema, { dataset: 'file_1', name: 'Lo Fi' })).toEqual([
      'name',
    ]);
  });
});

describe('training statuses', () => {
  it('are defined once, with the terminal ones', () => {
    expect(trainingStatuses).toEqual(['queued', 'running', 'completed', 'failed', 'cancelled']);
    expect(terminalTrainingStatuses).toEqual(['completed', 'failed', 'cancelled']);
  });

  it('stop polling only on a terminal status', () => {
    for (const status of terminalTrainingStatuses)
      expect(isTerminalTrainingStatus(status)).toBe(true);
    for (const status of ['queued', 'running', 'paused', '']) {
      expect(isTerminalTrainingStatus(status)).toBe(false);
    }
  });
});

describe('training responses', () => {
  it('parse creation responses, with voice_id for voices', () => {
    const created = { task_id: 'tr_1', name: 'my_voice', status: 'queued' };
    expect(
      voiceTrainingResponseSchema.parse({
        data: { ...created, voice_id: 'my_voice' },
        trace_id: 't',
      }).data.voice_id,
    ).toBe('my_voice');
    expect(issuePaths(voiceTrainingResponseSchema, { data: created })).toEqual(['data.voice_id']);
    expect(loraTrainingResponseSchema.safeParse({ data: created, trace_id: 't' }).success).toBe(
      true,
    );
  });

  it('parse each state with only its own fields, without trace_id, keeping unknown fields', () => {
    const base = { task_id: 'tr_1', name: 'lofi' };
    const states = [
      { ...base, status: 'queued', progress: 0 },
      {
        ...base,
        status: 'running',
        progress: 40,
        current_step: 400,
        total_steps: 1000,
        cost_estimate: 1.2,
        gpu: 'a100',
      },
      {
        ...base,
        status: 'completed',
        progress: 100,
        total_cost: 2.5,
        asset_url: 'https://x.test/lofi.safetensors',
      },
      {
        ...base,
        status: 'failed',
        progress: 12,
        error: { code: 'dataset_invalid', message: 'No audio found' },
      },
      { ...base, status: 'failed', progress: 12, error: 'No audio found' },
      { ...base, status: 'cancelled', progress: 30 },
      { ...base, status: 'paused', progress: 30 },
    ];
    for (const data of states) {
      expect(trainingStatusResponseSchema.parse({ data })).toEqual({ data });
    }
  });

  it('keep progress an integer from 0 to 100', () => {
    const data = { task_id: 'tr_1', name: 'lofi', status: 'running' };
    for (const progress of [0, 100]) {
      expect(trainingStatusResponseSchema.safeParse({ data: { ...data, progress } }).success).toBe(
        true,
      );
    }
    for (const progress of [-1, 101, 50.5]) {
      expect(issuePaths(trainingStatusResponseSchema, { data: { ...data, progress } })).toEqual([
        'data.progress',
      ]);
    }
  });

  it('require a task id in the path', () => {
    expect(issuePaths(trainingStatusParamsSchema, { task_id: '' })).toEqual(['task_id']);
  });
});
