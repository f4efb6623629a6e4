// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { imageTools, videoTools } from '../../api/contract/tools';
import { checkWithSchema } from './contract-schema-check';
import {
  assembleRequest,
  emptyFormValues,
  parseAdvancedJson,
  type GenerateFormValues,
  type GenerationKind,
} from './generation-request';
import { fieldsForTool } from './tool-fields';

const form = (values: Partial<GenerateFormValues>): GenerateFormValues => ({
  ...emptyFormValues,
  prompt: 'a lighthouse at dusk',
  ...values,
});

describe('assembleRequest', () => {
  it('sends only prompt and tool for auto', () => {
    expect(assembleRequest('image', form({}))).toEqual({
      ok: true,
      body: { prompt: 'a lighthouse at dusk', tool: 'auto' },
    });
  });

  it('puts each required input inside parameters, trimmed', () => {
    const result = assembleRequest(
      'video',
      form({
        tool: 'generate_video_edit_remove',
        inputs: { video_url: ' https://cdn.example.com/in.mp4 ', remove_target: 'the dog' },
      }),
    );
    expect(result).toEqual({
      ok: true,
      body: {
        prompt: 'a lighthouse at dusk',
        tool: 'generate_video_edit_remove',
        parameters: { video_url: 'https://cdn.example.com/in.mp4', remove_target: 'the dog' },
      },
    });
  });

  it('names every missing required input on its field', () => {
    const result = assembleRequest('video', form({ tool: 'generate_video_lipsync_6' }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues).toEqual([
      {
        field: 'inputs.reference_image_url',
        message: expect.stringContaining('Reference image URL is required'),
      },
      {
        field: 'inputs.audio_url',
        message: expect.stringContaining('Audio URL is required'),
      },
    ]);
  });

  it('types numbers and checks their bounds', () => {
    const ok = assembleRequest(
      'video',
      form({ tool: 'generate_video_15', inputs: { num_frames: '48', fps: '24', size: '640x360' } }),
    );
    expect(ok.ok && ok.body.parameters).toEqual({ num_frames: 48, fps: 24, size: '640x360' });

    const bad = assembleRequest(
      'video',
      form({ tool: 'generate_video_v_8_multi', inputs: { duration: '31' } }),
    );
    expect(!bad.ok && bad.issues).toEqual([
      { field: 'inputs.duration', message: 'Duration must be from 0.5 to 30 s' },
    ]);
    const fraction = assembleRequest(
      'image',
      form({ tool: 'generate_image_15', inputs: { seed: '1.5' } }),
    );
    expect(!fraction.ok && fraction.issues[0]).toEqual({
      field: 'inputs.seed',
      message: expect.stringContaining('must be a whole number'),
    });
  });

  it('drops empty list rows and checks each URL and the count', () => {
    const urls = (count: number) =>
      Array.from({ length: count }, (_, i) => `https://x.test/${i}.png`);
    const ok = assembleRequest(
      'video',
      form({
        tool: 'generate_video_from_refs_v_4',
        inputs: { reference_image_urls: ['', ...urls(2), ' '] },
      }),
    );
    expect(ok.ok && ok.body.parameters).toEqual({ reference_image_urls: urls(2) });

    const tooMany = assembleRequest(
      'video',
      form({ tool: 'generate_video_from_refs_v_4', inputs: { reference_image_urls: urls(10) } }),
    );
    expect(!tooMany.ok && tooMany.issues[0]?.message).toBe(
      'Reference image URLs holds at most 9 URLs',
    );

    const notUrl = assembleRequest(
      'video',
      form({
        tool: 'generate_video_from_refs_v_4',
        inputs: { reference_image_urls: ['https://x.test/a.png', 'javascript:alert(1)'] },
      }),
    );
    expect(!notUrl.ok && notUrl.issues[0]).toEqual({
      field: 'inputs.reference_image_urls',
      message: 'Reference image URLs: URL 2 must be an absolute http(s) URL',
    });
  });

  it('merges extra JSON parameters and refuses a key set twice', () => {
    const merged = assembleRequest(
      'image',
      form({ advancedJson: '{"num_images": 2, "style": "ink"}' }),
    );
    expect(merged.ok && merged.body.parameters).toEqual({ num_images: 2, style: 'ink' });

    const twice = assembleRequest(
      'image',
      form({ tool: 'generate_image_15', inputs: { seed: '7' }, advancedJson: '{"seed": 8}' }),
    );
    expect(!twice.ok && twice.issues).toEqual([
      {
        field: 'advancedJson',
        message: 'Extra parameters: seed is also set by the Seed field; keep one',
      },
    ]);
  });

  it('lets the extra JSON supply a required input the form does not show', () => {
    const result = assembleRequest(
      'image',
      form({ tool: 'generate_image_edit', advancedJson: '{"image": "https://x.test/in.png"}' }),
    );
    expect(result.ok).toBe(true);
  });

  it('ignores inputs kept from another tool', () => {
    const result = assembleRequest(
      'video',
      form({ tool: 'auto', inputs: { video_url: 'https://x.test/v.mp4' } }),
    );
    expect(result).toEqual({ ok: true, body: { prompt: 'a lighthouse at dusk', tool: 'auto' } });
  });

  it('refuses an empty prompt and an unknown tool', () => {
    const empty = assembleRequest('image', form({ prompt: '' }));
    expect(!empty.ok && empty.issues).toEqual([
      { field: 'prompt', message: 'Prompt must not be empty' },
    ]);
    const unknown = assembleRequest('image', form({ tool: 'generate_video_3' }));
    expect(!unknown.ok && unknown.issues[0]?.field).toBe('tool');
  });
});

describe('parseAdvancedJson', () => {
  it('accepts nothing, or an object', () => {
    expect(parseAdvancedJson('  ')).toEqual({ value: {} });
    expect(parseAdvancedJson('{"a":1}')).toEqual({ value: { a: 1 } });
  });

  it('explains what is wrong with anything else', () => {
    expect(parseAdvancedJson('[1]')).toEqual({
      error: expect.stringContaining('must be a JSON object'),
    });
    expect(parseAdvancedJson('{a:1}')).toEqual({
      error: expect.stringContaining('not valid JSON'),
    });
  });
});

describe('assembleRequest with the contract’s schema', () => {
  const kinds = ['video', 'image'] as const;
  const toolsOf = (kind: GenerationKind) => (kind === 'image' ? imageTools : videoTools);

  it('gives the same result as the zod-free rules for every tool, empty or filled', () => {
    for (const kind of kinds) {
      for (const tool of toolsOf(kind)) {
        const inputs = Object.fromEntries(
          fieldsForTool(tool).map((field) => [
            field.name,
            field.kind === 'url-list' ? ['https://x.test/a.png'] : 'https://x.test/a.png',
          ]),
        );
        for (const values of [
          form({ tool: tool.name, prompt: '' }),
          form({ tool: tool.name }),
          form({ tool: tool.name, inputs }),
        ]) {
          expect(assembleRequest(kind, values), `${kind} ${tool.name}`).toEqual(
            assembleRequest(kind, values, checkWithSchema),
          );
        }
      }
    }
  });

  it('words an empty prompt and a missing input as the schema does', () => {
    const values = form({ prompt: '', tool: 'generate_video_edit_remove' });
    const withSchema = assembleRequest('video', values, checkWithSchema);
    expect(!withSchema.ok && withSchema.issues).toEqual([
      { field: 'prompt', message: 'Prompt must not be empty' },
      {
        field: 'inputs.video_url',
        message: 'Video URL is required by tool generate_video_edit_remove',
      },
      {
        field: 'inputs.remove_target',
        message: 'What to remove is required by tool generate_video_edit_remove',
      },
    ]);
    expect(assembleRequest('video', values)).toEqual(withSchema);
  });

  it('adds what only the schema checks, on the field that holds it', () => {
    const values = form({ advancedJson: '{"reference_image_urls": "https://x.test/a.png"}' });
    expect(assembleRequest('video', values).ok).toBe(true);
    const withSchema = assembleRequest('video', values, checkWithSchema);
    expect(!withSchema.ok && withSchema.issues).toEqual([
      {
        field: 'advancedJson',
        message: 'parameters.reference_image_urls must be a list of image URLs',
      },
    ]);
  });

  it('keeps a field’s own message over the schema’s for the same field', () => {
    const values = form({
      tool: 'generate_video_from_refs_v_4',
      inputs: { reference_image_urls: ['not a url'] },
    });
    const withSchema = assembleRequest('video', values, checkWithSchema);
    expect(!withSchema.ok && withSchema.issues).toEqual([
      {
        field: 'inputs.reference_image_urls',
        message: 'Reference image URLs: URL 1 must be an absolute http(s) URL',
      },
    ]);
  });
});
