import { renderImage } from '../server/emulator/media/image';
import { renderVideo } from '../server/emulator/media/video';
import {
  createTestEmulator,
  headers,
  type TestEmulator,
} from '../server/emulator/test-support/test-emulator';
import type { BenchContext, BenchFigure, BenchResult } from './types';

/** The image APIs' default square megapixel; four of them (the most a call makes) in ~2 s. */
const imageTargetMs = 500;
/** The defaults are small so that a request naming nothing answers at once (~150 ms). */
const videoDefaultsTargetMs = 500;
/** The render work budget (output-settings.ts) is set so that a request answers within ~2 s. */
const budgetTargetMs = 2_000;
/**
 * The largest request: 30 s at 60 fps. Its frames alone outweigh the budget at the smallest
 * side, where the budget gives way, so it takes longer than one within the budget.
 */
const largestTargetMs = 5_000;
const voiceCount = 10_000;
/** A new emulator's first list of 10,000 voices, previews already rendered in this process. */
const voiceListTargetMs = 5_000;
/** Later lists come from the catalog the first one built. */
const voiceFilterTargetMs = 500;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timed(work: () => unknown): Promise<number> {
  const started = performance.now();
  await work();
  return Math.round(performance.now() - started);
}

/** The median of `runs` timings, after one run to warm up the JIT and the encoder. */
async function medianMs(runs: number, work: (run: number) => unknown): Promise<number> {
  await work(-1);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await timed(() => work(run)));
  return median(times);
}

async function ok(emu: TestEmulator, path: string, init?: RequestInit): Promise<unknown> {
  const res = await emu.request(path, init);
  const body: unknown = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const generateVideo = (emu: TestEmulator, tool: string, parameters: Record<string, number>) =>
  ok(emu, '/api/v1/video/generate', {
    method: 'POST',
    headers: headers({ json: true }),
    body: JSON.stringify({ prompt: 'a harbour at dawn', tool, parameters }),
  });

const listVoices = (emu: TestEmulator, query: string) =>
  ok(emu, `/api/v1/voice/list${query}`, { headers: headers() });

function figure(label: string, ms: number, targetMs: number): BenchFigure {
  return { label, value: `${ms} ms`, target: `< ${targetMs} ms`, pass: ms < targetMs };
}

/**
 * How long the emulator takes to make what clients wait for: images, videos and a large voice
 * catalog. Times only mean something on a machine with nothing else to do, so they are kept
 * here rather than in the unit tests.
 */
export async function run(ctx: BenchContext): Promise<BenchResult> {
  const runs = ctx.quick ? 1 : 5;
  const imageMs = await medianMs(runs, (run) =>
    renderImage({
      prompt: `a lighthouse, take ${run}`,
      tool: 'generate_image_v_1',
      width: 1024,
      height: 1024,
    }),
  );
  ctx.log(`image 1024x1024: ${imageMs} ms`);
  const videoMs = await medianMs(runs, (run) =>
    renderVideo({ prompt: `a fox, take ${run}`, tool: 'generate_video_v_1' }),
  );
  ctx.log(`video at the defaults: ${videoMs} ms`);

  const emu = createTestEmulator({ EMULATOR_RATE_LIMIT: '1000000' });
  let budgetMs: number;
  let largestMs: number;
  try {
    budgetMs = await medianMs(runs, () =>
      generateVideo(emu, 'generate_video_3', { duration: 10, fps: 30, width: 1280, height: 720 }),
    );
    ctx.log(`video at the work budget (10 s at 30 fps, 720p asked): ${budgetMs} ms`);
    largestMs = await medianMs(ctx.quick ? 1 : 3, () =>
      generateVideo(emu, 'generate_video_v_8_multi', {
        duration: 30,
        frame_rate: 60,
        width: 1280,
        height: 720,
      }),
    );
    ctx.log(`largest video (30 s at 60 fps, 720p asked): ${largestMs} ms`);
    // Renders the catalog's previews once for the process, as a running emulator has.
    await listVoices(emu, '?scope=generic');
  } finally {
    await emu.cleanup();
  }

  const big = createTestEmulator({ EMULATOR_VOICES: String(voiceCount) });
  let listMs: number;
  let filterMs: number;
  try {
    listMs = await timed(() => listVoices(big, '?scope=generic'));
    filterMs = await timed(() => listVoices(big, '?scope=generic&language=ja'));
    ctx.log(`${voiceCount} voices: first list ${listMs} ms, by language ${filterMs} ms`);
  } finally {
    await big.cleanup();
  }

  return {
    summary: [
      figure('Emulator: a 1024×1024 image (median)', imageMs, imageTargetMs),
      figure('Emulator: a video at the defaults (median)', videoMs, videoDefaultsTargetMs),
      figure('Emulator: a video request at the work budget (median)', budgetMs, budgetTargetMs),
      figure('Emulator: the largest video request (median)', largestMs, largestTargetMs),
      figure(`Emulator: first list of ${voiceCount} voices`, listMs, voiceListTargetMs),
      figure(`Emulator: ${voiceCount} voices listed by language`, filterMs, voiceFilterTargetMs),
    ],
    data: { runs, imageMs, videoMs, budgetMs, largestMs, voiceCount, listMs, filterMs },
  };
}
