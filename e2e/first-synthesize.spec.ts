import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServerProcess } from '../server/test-support/child-server';

// A gateway of its own on a new data directory: its first voice list renders every preview
// (seconds), which is the window a first visitor presses Synthesize in.
let origin = '';
let stop = async () => {};

test.beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'media-studio-first-run-'));
  const server = startServerProcess('server/index.ts', {
    PORT: '0',
    API_BASE_URL: '',
    API_KEY: '',
    STACK_ID: '',
    DATA_DIR: dataDir,
    EMULATOR_DATA_DIR: dataDir,
  });
  const listening = await server.waitFor(/listening on (http:\/\/[^\s"]+)/);
  if (!listening) throw new Error(`the gateway did not start:\n${server.output()}`);
  origin = listening[1]!.replace(/\/$/, '');
  stop = async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
});
test.afterAll(async () => stop());

test('the first Synthesize on a new install waits for the voices and speaks with the voice shown', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The catalog is held until the button is pressed, so the press always lands in the window;
  // what it then waits for is the new install's own first answer.
  let releaseCatalog = () => {};
  const held = new Promise<void>((resolve) => (releaseCatalog = resolve));
  await page.route('**/api/v1/voice/list**', async (route) => {
    await held;
    await route.fallback();
  });
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/t2a',
    { timeout: 90_000 },
  );

  await page.goto(`${origin}/speech`);
  const panel = page.getByRole('tabpanel', { name: 'Speech' });
  await panel.getByRole('textbox', { name: 'Text' }).fill('Hello from a brand new install.');
  await panel.getByRole('button', { name: 'Synthesize' }).click();
  await expect(panel.getByRole('button', { name: 'Loading voices…' })).toBeDisabled();
  releaseCatalog();

  // Previews are rendered on the first list: allow for a slow machine.
  const request = await sent;
  const voice = panel.getByRole('combobox', { name: 'Voice' });
  await expect(voice).toHaveValue(/^.+ \(.+\)$/, { timeout: 60_000 });
  const shown = /\(([^)]+)\)$/.exec(await voice.inputValue())![1];
  expect(request.postDataJSON()).toMatchObject({ voice_id: shown });

  await expect(panel.getByLabel('Audio details')).toContainText(/Duration\s*\d+\.\d+ s/, {
    timeout: 30_000,
  });
  await expect(panel.getByRole('button', { name: 'Synthesize' })).toBeEnabled();
  await expect(page.getByText(/must not be empty|voice_id/)).toHaveCount(0);
});
