import { describe, expect, it } from 'vitest';
import {
  emulatorGenerationDataSchema,
  generationResponseSchema,
  imageGenerationRequestSchema,
  videoGenerationRequestSchema,
} from './generation';
import { issuePaths, issuesOf } from './test-helpers';

const video = videoGenerationRequestSchema;
const image = imageGenerationRequestSchema;
const refs = (count: number) =>
  Array.from({ length: count }, (_, i) => `https://cdn.example.com/ref-${i}.png`);

describe('generation request: top-level fields', () => {
  it('needs only a prompt; tool, parameters and idempotency_key are optional', () => {
    expect(video.parse({ prompt: 'a fox' })).toEqual({ prompt: 'a fox' });
    expect(image.parse({ prompt: 'a fox', tool: 'auto', parameters: {} }).tool).toBe('auto');
  });

  it('rejects an empty or missing prompt on the prompt path', () => {
    expect(issuesOf(video, { prompt: '' })).toEqual([
      { path: 'prompt', message: 'prompt must not be empty' },
    ]);
    expect(issuesOf(image, {})).toEqual([{ path: 'prompt', message: 'prompt is required' }]);
  });

  it('accepts an idempotency key of 240 characters and rejects 241', () => {
    expect(video.safeParse({ prompt: 'p', idempotency_key: 'k'.repeat(240) }).success).toBe(true);
    expect(issuePaths(video, { prompt: 'p', idempotency_key: 'k'.repeat(241) })).toEqual([
      'idempotency_key',
    ]);
  });

  it('rejects the other endpoint’s tool names and unknown names', () => {
    expect(issuePaths(video, { prompt: 'p', tool: 'generate_image_15' })).toEqual(['tool']);
    expect(issuePaths(image, { prompt: 'p', tool: 'generate_video_15' })).toEqual(['tool']);
    expect(issuePaths(video, { prompt: 'p', tool: 'generate_video_99' })).toEqual(['tool']);
    expect(video.safeParse({ prompt: 'p', tool: 'generate_video_15' }).success).toBe(true);
    expect(image.safeParse({ prompt: 'p', tool: 'generate_image_15' }).success).toBe(true);
  });

  it('requires parameters to be an object when given', () => {
    expect(issuePaths(video, { prompt: 'p', parameters: ['video'] })).toEqual(['parameters']);
  });

  it('drops top-level fields the spec does not define instead of failing', () => {
    expect(video.parse({ prompt: 'p', lora_name: 'x' })).toEqual({ prompt: 'p' });
  });
});

describe('generation request: inputs required by the tool', () => {
  it('reports a missing input on its own path, naming the tool', () => {
    expect(issuesOf(video, { prompt: 'p', tool: 'generate_video_edit_v_4' })).toEqual([
      {
        path: 'parameters.video_url',
        message: 'parameters.video_url is required by tool generate_video_edit_v_4',
      },
    ]);
  });

  it('reports each missing input once, and only the missing ones', () => {
    expect(
      issuePaths(video, { prompt: 'p', tool: 'generate_video_lipsync_6', parameters: {} }),
    ).toEqual(['parameters.reference_image_url', 'parameters.audio_url']);
    expect(
      issuePaths(video, {
        prompt: 'p',
        tool: 'generate_video_edit_remove',
        parameters: { video_url: 'https://cdn.example.com/v.mp4' },
      }),
    ).toEqual(['parameters.remove_target']);
    expect(
      issuePaths(image, {
        prompt: 'p',
        tool: 'generate_image_face_unlocked_1',
        parameters: { image: '' },
      }),
    ).toEqual(['parameters.image']);
  });

  it('accepts the request once the inputs are there', () => {
    const body = {
      prompt: 'p',
      tool: 'generate_video_from_video_and_image_1',
      parameters: { image_url: 'https://x.test/i.png', video_url: 'https://x.test/v.mp4' },
    };
    expect(video.parse(body)).toEqual(body);
  });

  it('reports missing inputs alongside other field errors', () => {
    expect(issuePaths(video, { prompt: '', tool: 'generate_video_15_edit' })).toEqual([
      'prompt',
      'parameters.video',
    ]);
  });
});

describe('generation request: reference_image_urls', () => {
  const withRefs = (urls: unknown, tool = 'generate_video_from_refs_v_4') => ({
    prompt: 'p',
    tool,
    parameters: { reference_image_urls: urls },
  });

  it('accepts 1 and 9 images', () => {
    expect(video.safeParse(withRefs(refs(1))).success).toBe(true);
    expect(video.safeParse(withRefs(refs(9))).success).toBe(true);
  });

  it('rejects 0 and 10 images on the input’s path', () => {
    expect(issuePaths(video, withRefs([]))).toEqual(['parameters.reference_image_urls']);
    expect(issuesOf(video, withRefs(refs(10)))).toEqual([
      {
        path: 'parameters.reference_image_urls',
        message: 'parameters.reference_image_urls must hold at most 9 image URLs',
      },
    ]);
  });

  it('applies the bounds to any tool the input is given to', () => {
    expect(issuePaths(video, withRefs(refs(10), 'auto'))).toEqual([
      'parameters.reference_image_urls',
    ]);
    expect(issuePaths(image, withRefs([], 'generate_image_11'))).toEqual([
      'parameters.reference_image_urls',
    ]);
  });

  it('rejects items that are not http(s) URLs, pointing at the item', () => {
    expect(issuePaths(video, withRefs(['https://x.test/a.png', 'a.png']))).toEqual([
      'parameters.reference_image_urls.1',
    ]);
    expect(issuePaths(video, withRefs('https://x.test/a.png'))).toEqual([
      'parameters.reference_image_urls',
    ]);
  });
});

describe('generation response', () => {
  it('accepts any data object and keeps every field', () => {
    const body = { data: { job: 'j1', nested: { a: 1 } }, trace_id: 't1', extra: true };
    expect(generationResponseSchema.parse(body)).toEqual(body);
  });

  it('accepts a missing trace_id but not a missing or non-object data', () => {
    expect(generationResponseSchema.safeParse({ data: {} }).success).toBe(true);
    expect(issuePaths(generationResponseSchema, { trace_id: 't' })).toEqual(['data']);
    expect(issuePaths(generationResponseSchema, { data: 'done' })).toEqual(['data']);
  });

  it('describes what the emulator returns inside data', () => {
    const data = {
      id: 'gen_1',
      tool: 'generate_video_15',
      status: 'completed',
      prompt: 'a fox',
      created_at: '2025-03-01T12:00:00.000Z',
      outputs: [
        {
          url: '/api/v1/files/f1/content',
          content_type: 'video/mp4',
          width: 640,
          height: 360,
          duration: 4,
        },
      ],
    };
    expect(emulatorGenerationDataSchema.parse(data)).toEqual(data);
    expect(generationResponseSchema.safeParse({ data, trace_id: 't' }).success).toBe(true);
    expect(issuePaths(emulatorGenerationDataSchema, { ...data, outputs: [{ url: 'u' }] })).toEqual([
      'outputs.0.content_type',
    ]);
  });
});
