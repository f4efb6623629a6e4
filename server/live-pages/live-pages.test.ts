import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_BODY_END, PAGE_BODY_START } from '../../build/page-files';
import { historySeedSchema, type HistorySeed } from '../../src/api/contract/history-seed';
import { newRecord, routesHarness, type RoutesHarness } from '../history/routes-harness';
import type { Logger } from '../logger';
import { shownFirst } from '../../src/api/contract/history-groups';
import { livePages } from './live-pages';
import type { PageRenderer } from './page-renderer';

const built = (body: string) =>
  `<!doctype html><html><body><div id="root"><div data-drawn aria-hidden="true">${PAGE_BODY_START}${body}${PAGE_BODY_END}</div></div><script>start()</script></body></html>`;

/** Draws a list of each group it was given, an item per entry, as the app's lists draw them. */
function namingRenderer(): PageRenderer & { calls: { path: string; seed: HistorySeed }[] } {
  const calls: { path: string; seed: HistorySeed }[] = [];
  return {
    calls,
    render(path, seed) {
      calls.push({ path, seed });
      return Promise.resolve(
        Object.values(seed)
          .map((list) => `<ul>${list.entries.map(() => '<li>job</li>').join('')}</ul>`)
          .join(''),
      );
    },
    close: () => Promise.resolve(),
  };
}

function recordingLogger() {
  const lines: string[] = [];
  const logger: Logger = {
    info: () => {},
    warn: (msg, fields) => lines.push(`${msg} ${JSON.stringify(fields)}`),
    error: () => {},
  };
  return { logger, lines };
}

/** The JSON the page carries, read back as the app reads it. */
function carriedSeed(html: string): HistorySeed {
  const match = /<script type="application\/json" id="history-seed">([\s\S]*?)<\/script>/.exec(
    html,
  );
  expect(match).not.toBeNull();
  return historySeedSchema.parse(JSON.parse(match![1]!));
}

/** The names of a list's entries, newest first; a list the seed lacks fails the test. */
function names(list: HistorySeed['training']): string[] {
  expect(list).toBeDefined();
  return list!.entries.map((entry) => entry.name);
}

describe('livePages', () => {
  let harness: RoutesHarness;
  afterEach(() => harness.cleanup());

  it('draws the jobs page with the training history and carries that history in the page', async () => {
    harness = await routesHarness();
    await harness.store.insert(newRecord({ name: 'narrator' }));
    await harness.store.insert(newRecord({ kind: 'music_lora', name: 'lofi_drums' }));
    await harness.store.insert(newRecord({ kind: 'image', name: 'a red fox' }));
    const renderer = namingRenderer();
    const { logger } = recordingLogger();
    const page = livePages({ renderer, historyRoutes: harness.app, logger });

    const html = await page('/jobs', built('<p>Loading training jobs…</p>'));

    expect(html).toContain(`${PAGE_BODY_START}<ul><li>job</li><li>job</li></ul>${PAGE_BODY_END}`);
    expect(html).not.toContain('Loading training jobs…');
    expect(html).toContain('<script>start()</script></body></html>');
    // The training kinds only, newest first, as the board reads them.
    const seed = carriedSeed(html!);
    expect(Object.keys(seed)).toEqual(['training']);
    expect(names(seed.training)).toEqual(['lofi_drums', 'narrator']);
    expect(renderer.calls).toEqual([{ path: '/jobs', seed }]);
  });

  it('carries a name that looks like markup as text: it cannot close the script or add any', async () => {
    harness = await routesHarness();
    const name = '</script><img src=x onerror=alert(1)><!--';
    await harness.store.insert(newRecord({ name }));
    const { logger } = recordingLogger();
    const page = livePages({ renderer: namingRenderer(), historyRoutes: harness.app, logger });

    const html = (await page('/jobs', built('')))!;

    expect(html).not.toContain('<img');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the seed's own and the page's script
    expect(names(carriedSeed(html).training)).toEqual([name]);
  });

  it('draws home with its training jobs and its recent activity of every kind', async () => {
    harness = await routesHarness();
    await harness.store.insert(newRecord({ name: 'narrator' }));
    await harness.store.insert(newRecord({ kind: 'speech', name: 'a greeting' }));
    for (let i = 0; i < 11; i++)
      await harness.store.insert(newRecord({ kind: 'image', name: `fox ${i}` }));
    const renderer = namingRenderer();
    const { logger } = recordingLogger();
    const page = livePages({ renderer, historyRoutes: harness.app, logger });

    const html = await page('/', built('<p>Reading jobs…</p>'));

    const seed = carriedSeed(html!);
    expect(names(seed.training)).toEqual(['narrator']);
    // Recent activity is the newest ten of every kind, as home reads it.
    expect(names(seed.recent)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((i) => `fox ${i}`));
    expect(html).toContain(
      `${PAGE_BODY_START}<ul><li>job</li></ul><ul>${'<li>job</li>'.repeat(10)}</ul>`,
    );
    expect(renderer.calls).toEqual([{ path: '/', seed }]);
  });

  it('draws each creating page with its own history, its kinds only', async () => {
    harness = await routesHarness();
    await harness.store.insert(newRecord({ kind: 'speech', name: 'a greeting' }));
    await harness.store.insert(newRecord({ kind: 'voice_extend', name: 'a longer greeting' }));
    await harness.store.insert(newRecord({ kind: 'image', name: 'a red fox' }));
    await harness.store.insert(newRecord({ kind: 'upload', name: 'clip.wav' }));
    await harness.store.insert(newRecord({ kind: 'sandbox', name: 'python' }));
    const { logger } = recordingLogger();
    const page = livePages({ renderer: namingRenderer(), historyRoutes: harness.app, logger });

    const seeds = new Map<string, HistorySeed>();
    for (const path of ['/speech', '/generate', '/files', '/sandbox'])
      seeds.set(path, carriedSeed((await page(path, built('<p>Loading history…</p>')))!));

    expect(names(seeds.get('/speech')!.speech)).toEqual(['a longer greeting', 'a greeting']);
    expect(names(seeds.get('/generate')!.generation)).toEqual(['a red fox']);
    expect(names(seeds.get('/files')!.upload)).toEqual(['clip.wav']);
    expect(names(seeds.get('/sandbox')!.sandbox)).toEqual(['python']);
    for (const seed of seeds.values()) expect(Object.keys(seed)).toHaveLength(1);
  });

  it('draws a long history by its newest entries, with the cursor the app reads the rest from', async () => {
    harness = await routesHarness();
    for (let i = 0; i < shownFirst.speech + 5; i++)
      await harness.store.insert(newRecord({ kind: 'speech', name: `take ${i}` }));
    const { logger } = recordingLogger();
    const page = livePages({ renderer: namingRenderer(), historyRoutes: harness.app, logger });

    const seed = carriedSeed((await page('/speech', built('')))!);

    expect(names(seed.speech)).toHaveLength(shownFirst.speech);
    expect(names(seed.speech)[0]).toBe(`take ${shownFirst.speech + 4}`);
    const rest = await harness.app.request(
      `/api/history?kind=speech,speech_async,voice_extend&cursor=${seed.speech!.next_cursor}`,
    );
    const { entries } = (await rest.json()) as { entries: { name: string }[] };
    expect(entries.map((entry) => entry.name)).toEqual([4, 3, 2, 1, 0].map((i) => `take ${i}`));
  });

  it('draws as many of a list as its page shows first, and says how many there are', async () => {
    harness = await routesHarness();
    for (let i = 0; i < shownFirst.upload + 5; i++)
      await harness.store.insert(newRecord({ kind: 'upload', name: `clip ${i}.wav` }));
    const { logger } = recordingLogger();
    const page = livePages({ renderer: namingRenderer(), historyRoutes: harness.app, logger });

    const seed = carriedSeed((await page('/files', built('')))!);

    expect(shownFirst.upload).toBeGreaterThan(shownFirst.speech);
    expect(names(seed.upload)).toHaveLength(shownFirst.upload);
    expect(seed.upload).toMatchObject({ total: shownFirst.upload + 5, total_exact: true });
    expect(seed.upload!.next_cursor).not.toBeNull();
  });

  it('leaves the other pages as built, and a page without a marked body', async () => {
    harness = await routesHarness();
    const renderer = namingRenderer();
    const { logger } = recordingLogger();
    const page = livePages({ renderer, historyRoutes: harness.app, logger });

    expect(await page('/train', built('<form></form>'))).toBeNull();
    expect(await page('/voices', built('<ul></ul>'))).toBeNull();
    expect(await page('/jobs', '<!doctype html><div id="root"></div>')).toBeNull();
    expect(renderer.calls).toHaveLength(0);
  });

  it('sends the page as built when the renderer fails, and says why in the log', async () => {
    harness = await routesHarness();
    const { logger, lines } = recordingLogger();
    const failing: PageRenderer = {
      render: () => Promise.reject(new Error('the renderer took over 2000 ms')),
      close: () => Promise.resolve(),
    };
    const page = livePages({ renderer: failing, historyRoutes: harness.app, logger });

    expect(await page('/jobs', built(''))).toBeNull();
    expect(lines).toEqual([
      'live page: sent as built {"path":"/jobs","error":"the renderer took over 2000 ms"}',
    ]);
  });
});
