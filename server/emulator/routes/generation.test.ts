import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emulatorGenerationDataSchema,
  generationResponseSchema,
  type EmulatorGenerationData,
} from '../../../src/api/contract/generation';
import { videoWorkBudget } from '../generation/output-settings';
import { inspectMedia } from '../media/inspect';
import { createTestEmulator, headers, type TestEmulator } from '../test-support/test-emulator';

let emu: TestEmulator;
beforeAll(() => {
  emu = createTestEmulator({ EMULATOR_RATE_LIMIT: '100000' });
});
afterAll(() => emu.cleanup());

function post(kind: 'image' | 'video', body: Record<string, unknown>) {
  return emu.request(`/api/v1/${kind}/generate`, {
    method: 'POST',
    headers: headers({ json: true }),
    body: JSON.stringify(body),
  });
}
async function generate(kind: 'image' | 'video', body: Record<string, unknown>) {
  const res = await post(kind, body);
  expect(res.status).toBe(200);
  const parsed = generationResponseSchema.parse(await res.json());
  expect(parsed.trace_id).toEqual(expect.any(String));
  return emulatorGenerationDataSchema.parse(parsed.data);
}
async function bytesOf(output: EmulatorGenerationData['outputs'][number]) {
  const res = await emu.request(new URL(output.url).pathname);
  return new Uint8Array(await res.arrayBuffer());
}
async function errorMessage(res: Response) {
  expect(res.status).toBe(400);
  return ((await res.json()) as { error: { code: string; message: string } }).error.message;
}
const generationRows = () =>
  (emu.db.prepare('SELECT count(*) AS n FROM generations').get() as { n: number }).n;

describe('POST /v1/image/generate', () => {
  it('renders real PNGs of the asked size, different per prompt', async () => {
    const data = await generate('image', {
      prompt: 'a lighthouse at dusk',
      tool: 'generate_image_15',
      parameters: { size: '320x192', num_images: 2 },
    });
    expect(data).toMatchObject({
      tool: 'generate_image_15',
      status: 'completed',
      prompt: 'a lighthouse at dusk',
    });
    expect(data.outputs).toHaveLength(2);
    for (const output of data.outputs) {
      expect(output).toMatchObject({ content_type: 'image/png', width: 320, height: 192 });
      expect(inspectMedia(await bytesOf(output))).toMatchObject({
        format: 'png',
        width: 320,
        height: 192,
      });
    }
    const other = await generate('image', {
      prompt: 'a forest in snow',
      parameters: { width: 320, height: 192 },
    });
    const [a, b] = [await bytesOf(data.outputs[0]!), await bytesOf(other.outputs[0]!)];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('replays an idempotency key without rendering or storing again', async () => {
    const body = {
      prompt: 'a red kite',
      parameters: { size: '128x128' },
      idempotency_key: 'kite-1',
    };
    const rows = generationRows();
    const first = await generate('image', body);
    const again = await generate('image', { ...body, prompt: 'something else' });
    expect(again).toEqual(first);
    expect(generationRows()).toBe(rows + 1);
    const [x, y] = await Promise.all([
      generate('image', { ...body, idempotency_key: 'kite-2' }),
      generate('image', { ...body, idempotency_key: 'kite-2' }),
    ]);
    expect(x.id).toBe(y.id);
    expect(generationRows()).toBe(rows + 2);
    expect(
      (await generate('video', { ...body, parameters: { size: '64x64', duration: 0.5 } })).id,
    ).not.toBe(first.id);
  });

  it('picks a fitting tool for auto, and checks tool names and required inputs', async () => {
    const edit = await generate('image', {
      prompt: 'make it blue',
      tool: 'auto',
      parameters: { image: 'http://example.com/a.png', size: '64x64' },
    });
    expect(edit.tool).toBe('generate_image_15_edit');
    const refs = await generate('image', {
      prompt: 'a character sheet',
      parameters: { reference_image_urls: ['http://example.com/a.png'], size: '64x64' },
    });
    expect(refs.tool).toBe('generate_image_11');

    const missing = await post('image', {
      prompt: 'edit',
      tool: 'generate_image_edit',
      parameters: {},
    });
    expect(await errorMessage(missing)).toMatch(/^parameters\.image: /);
    const wrongEndpoint = await post('image', { prompt: 'x', tool: 'generate_video_15' });
    expect(await errorMessage(wrongEndpoint)).toMatch(/^tool: /);
    const badSize = await post('image', { prompt: 'x', parameters: { size: 'huge' } });
    expect(await errorMessage(badSize)).toMatch(/^parameters\.size: /);
    const tooMany = await post('image', { prompt: 'x', parameters: { n: 9 } });
    expect(await errorMessage(tooMany)).toMatch(
      /^parameters\.n: must be a whole number from 1 to 4/,
    );
  });
});

describe('POST /v1/video/generate', () => {
  it('renders a real MP4 with the asked duration, rate and size', async () => {
    const data = await generate('video', {
      prompt: 'waves on a beach',
      tool: 'generate_video_15',
      parameters: { duration_s: 1.5, fps: 8, size: '192x108' },
    });
    const [output] = data.outputs;
    expect(output).toMatchObject({
      content_type: 'video/mp4',
      width: 192,
      height: 108,
      duration: 1.5,
      fps: 8,
    });
    const info = inspectMedia(await bytesOf(output!));
    expect(info).toMatchObject({ kind: 'video', format: 'mp4', width: 192, height: 108 });
    expect(info!.durationS).toBeCloseTo(1.5, 2);
    const other = await generate('video', {
      prompt: 'a city at night',
      tool: 'generate_video_15',
      parameters: { duration_s: 1.5, fps: 8, size: '192x108' },
    });
    expect(
      Buffer.from(await bytesOf(other.outputs[0]!)).equals(Buffer.from(await bytesOf(output!))),
    ).toBe(false);
  });

  it('picks tools for auto from the inputs and duration given', async () => {
    const small = { size: '64x64', fps: 4, duration: 0.5 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { ...small, reference_image_urls: ['http://example.com/a.png'] },
        'generate_video_from_refs_v_4',
      ],
      [
        { ...small, image_url: 'http://example.com/a.png', video_url: 'http://example.com/v.mp4' },
        'generate_video_from_video_and_image_1',
      ],
      [{ ...small, image_url: 'http://example.com/a.png' }, 'generate_video_from_image_v_4'],
      [small, 'generate_video_15'],
    ];
    for (const [parameters, tool] of cases) {
      expect((await generate('video', { prompt: 'go', parameters })).tool).toBe(tool);
    }
    const long = await generate('video', {
      prompt: 'a long take',
      parameters: { duration: 20, fps: 1, size: '64x64' },
    });
    expect(long.tool).toBe('generate_video_v_8_multi');
    expect(long.outputs[0]!.duration).toBe(20);
  });

  it('bounds duration per tool and scales big requests down to the work budget', async () => {
    const capped = await generate('video', {
      prompt: 'too long',
      tool: 'generate_video_3',
      parameters: { duration: 25, fps: 1, size: '64x64' },
    });
    expect(capped.outputs[0]!.duration).toBe(10);
    // How long a request at the budget takes to render is a figure of bench/emulator-timings.ts:
    // a time measured here would fail whenever the machine is busy.
    const big = await generate('video', {
      prompt: 'huge',
      tool: 'generate_video_v_8_multi',
      parameters: { duration: 30, frame_rate: 60, width: 1280, height: 720 },
    });
    const output = big.outputs[0]!;
    expect(output).toMatchObject({ duration: 30, fps: 60, frame_count: 1800 });
    expect(output.width! * output.height!).toBeLessThan(1280 * 720);
    expect(output.width! / output.height!).toBeCloseTo(16 / 9, 0);
    // Its 1800 frames at that size are within the render work a request is allowed.
    expect(output.width! * output.height! * 1800).toBeLessThanOrEqual(videoWorkBudget);
    const missing = await post('video', {
      prompt: 'x',
      tool: 'generate_video_edit_remove',
      parameters: { video_url: 'http://e.com/v.mp4' },
    });
    expect(await errorMessage(missing)).toMatch(/^parameters\.remove_target: /);
  });
});
