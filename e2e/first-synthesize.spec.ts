import { expect, test } from '@playwright/test';
import { startOwnGateway } from './fixtures/own-gateway';

// A gateway of its own on a new data directory: its first voice list renders every preview
// (seconds), which is the window a first visitor presses Synthesize in.
let origin = '';
let stop = async () => {};

test.beforeAll(async () => {
  const gateway = await startOwnGateway('first-run');
  origin = gateway.origin;
  stop = gateway.stop;
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
