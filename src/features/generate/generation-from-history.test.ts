import { describe, expect, it } from 'vitest';
import { extractMedia } from './extract-media';
import { cachedGenerationFromHistory, generationFromHistory } from './generation-from-history';
import { historyEntry } from './test/history-entries';

const origin = window.location.origin;

describe('generationFromHistory', () => {
  it('keeps the request as sent, the response data, and rebuilds the form', () => {
    const generation = generationFromHistory(historyEntry());
    expect(generation).toMatchObject({
      id: 'gen_1',
      kind: 'image',
      created_at: '2026-01-02T10:00:00.000Z',
      request: {
        prompt: 'A red bicycle',
        tool: 'generate_image_15',
        parameters: { size: '1344x768', seed: 4242, negative_prompt: 'blurry' },
        idempotency_key: 'key-1',
      },
      form: {
        prompt: 'A red bicycle',
        tool: 'generate_image_15',
        inputs: { size: '1344x768', seed: '4242' },
      },
      outcome: { status: 'succeeded', traceId: null, elapsedMs: null },
      source: 'dashboard',
    });
    // What the gateway timed and the service's trace id, for the entry's details.
    expect(
      generationFromHistory(historyEntry({ trace_id: 'tr-7', elapsed_ms: 1250 })).outcome,
    ).toMatchObject({ traceId: 'tr-7', elapsedMs: 1250 });
    expect(generation).toMatchObject({
      source: 'dashboard',
    });
    const outcome = generation.outcome;
    expect(outcome.status === 'succeeded' && extractMedia(outcome.data).media).toEqual([
      expect.objectContaining({ url: `${origin}/media/gen_1-0.png`, kind: 'image' }),
    ]);
  });

  it('shows a refused request as failed, with its code and message', () => {
    const generation = generationFromHistory(
      historyEntry({
        id: 'image_abc',
        status: 'failed',
        latest: null,
        result: null,
        error: { code: 'invalid_request', message: 'parameters.size: must be WIDTHxHEIGHT' },
        source: 'client',
        trace_id: 'tr-refused',
      }),
    );
    expect(generation.outcome).toEqual({
      status: 'failed',
      error: {
        code: 'invalid_request',
        message: 'parameters.size: must be WIDTHxHEIGHT',
        status: null,
        traceId: 'tr-refused',
      },
    });
    expect(generation.source).toBe('client');
  });

  it('falls back to the output URLs when the data was not kept', () => {
    const generation = generationFromHistory(
      historyEntry({ kind: 'video', latest: null, result: { urls: ['/m/a.mp4'], file_ids: [] } }),
    );
    expect(generation.kind).toBe('video');
    expect(generation.outcome).toMatchObject({ data: { outputs: [{ url: '/m/a.mp4' }] } });
  });

  it('reads a request sent without a tool or key as the automatic tool', () => {
    const generation = generationFromHistory(historyEntry({ params: { prompt: 'a fox' } }));
    expect(generation.request).toEqual({ prompt: 'a fox', tool: 'auto' });
    expect(generation.form).toMatchObject({ prompt: 'a fox', tool: 'auto', advancedJson: '' });
  });

  it('gives the same object for the same entry, so unchanged items skip work', () => {
    const entry = historyEntry();
    expect(cachedGenerationFromHistory(entry)).toBe(cachedGenerationFromHistory(entry));
    expect(cachedGenerationFromHistory({ ...entry })).not.toBe(cachedGenerationFromHistory(entry));
  });
});
