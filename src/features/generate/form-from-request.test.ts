// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formFromRequest } from './form-from-request';
import { assembleRequest, type GenerationBody, type GenerationKind } from './generation-request';

describe('formFromRequest', () => {
  it('puts each parameter the tool has a field for into that field, the rest into the JSON', () => {
    const form = formFromRequest('image', {
      prompt: 'A red bicycle in the rain',
      tool: 'generate_image_15',
      parameters: { size: '1344x768', seed: 4242, negative_prompt: 'blurry' },
      idempotency_key: 'key-1',
    });
    expect(form).toEqual({
      prompt: 'A red bicycle in the rain',
      tool: 'generate_image_15',
      inputs: { size: '1344x768', seed: '4242' },
      advancedJson: JSON.stringify({ negative_prompt: 'blurry' }, null, 2),
    });
  });

  it('keeps values a field cannot hold as they were, in the JSON', () => {
    const form = formFromRequest('video', {
      prompt: 'clouds',
      tool: 'generate_video_15',
      parameters: { num_frames: '48', size: 'huge', fps: 24 },
    });
    expect(form.inputs).toEqual({ fps: '24' });
    expect(JSON.parse(form.advancedJson)).toEqual({ num_frames: '48', size: 'huge' });
  });

  it('falls back to auto for a missing or unknown tool, keeping every parameter', () => {
    expect(formFromRequest('image', { prompt: 'a fox' })).toMatchObject({
      tool: 'auto',
      inputs: {},
      advancedJson: '',
    });
    const unknown = formFromRequest('image', {
      prompt: 'a fox',
      tool: 'generate_video_15',
      parameters: { seed: 1 },
    });
    expect(unknown).toMatchObject({ tool: 'auto', inputs: {} });
    expect(JSON.parse(unknown.advancedJson)).toEqual({ seed: 1 });
  });

  it('reads anything sent by another client without failing', () => {
    expect(formFromRequest('video', null)).toEqual({
      prompt: '',
      tool: 'auto',
      inputs: {},
      advancedJson: '',
    });
    expect(formFromRequest('video', { prompt: 42, parameters: [1, 2] })).toMatchObject({
      prompt: '',
      advancedJson: '',
    });
  });

  const roundTrips: [GenerationKind, GenerationBody][] = [
    ['image', { prompt: 'a lighthouse', tool: 'auto' }],
    ['image', { prompt: 'a lighthouse', tool: 'auto', parameters: { style: 'ink', steps: 30 } }],
    [
      'image',
      {
        prompt: 'a bicycle',
        tool: 'generate_image_15',
        parameters: { size: '1344x768', seed: 4242, negative_prompt: 'blurry' },
      },
    ],
    [
      'video',
      {
        prompt: 'remove it',
        tool: 'generate_video_edit_remove',
        parameters: { video_url: 'https://cdn.example.com/in.mp4', remove_target: 'the dog' },
      },
    ],
    [
      'video',
      {
        prompt: 'waves',
        tool: 'generate_video_15',
        parameters: { num_frames: 48, fps: 24, size: '640x360' },
      },
    ],
    [
      'video',
      {
        prompt: 'someone says hello',
        tool: 'generate_video_lipsync_6',
        parameters: {
          reference_image_url: 'https://cdn.example.com/face.png',
          audio_url: 'https://cdn.example.com/hello.wav',
        },
      },
    ],
  ];

  it.each(roundTrips)('gives back the same %s request when assembled again', (kind, body) => {
    expect(assembleRequest(kind, formFromRequest(kind, body))).toEqual({ ok: true, body });
  });

  it('gives back a request with a list of reference images', () => {
    const body: GenerationBody = {
      prompt: 'in this style',
      tool: 'generate_image_15',
      parameters: {
        reference_image_urls: ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png'],
      },
    };
    const form = formFromRequest('image', body);
    expect(assembleRequest('image', form)).toEqual({ ok: true, body });
  });
});
