import { expect, test, type Page } from '@playwright/test';
import { wav } from './fixtures/wav';

function unique(prefix: string) {
  return `${prefix}_${Math.random().toString(36).slice(2, 8)}`;
}

function panel(page: Page, name: 'Custom voice' | 'Music LoRA' | 'Video LoRA') {
  return page.getByRole('tabpanel', { name });
}

/** Counts training creations, so a test can show that nothing was sent. */
function watchTrainingRequests(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v1/training/'))
      sent.push(request.url());
  });
  return sent;
}

const voiceClips = [
  { name: 'clip-a.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 6, frequency: 220 }) },
  { name: 'clip-b.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 6, frequency: 330 }) },
  { name: 'clip-c.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 6, noise: true }) },
];

test('trains a voice from three local WAV clips', async ({ page }) => {
  await page.goto('/train?form=voice');
  const voice = panel(page, 'Custom voice');
  const suffix = Math.random().toString(36).slice(2, 8);
  await voice.getByRole('textbox', { name: 'Display name' }).fill(`Élodie Narration ${suffix}`);
  const name = voice.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue(`elodie_narration_${suffix}`);

  await voice.getByLabel('Reference audio files').setInputFiles(voiceClips);
  const clips = voice.getByRole('list', { name: 'Local clips' }).getByRole('listitem');
  await expect(clips).toHaveCount(3);
  // Decoded in the browser: length, loudness and each measure's verdict.
  await expect(clips.first()).toContainText('0:06.0');
  await expect(clips.first()).toContainText(/LUFS/);
  const report = voice.getByRole('table', { name: 'Report for clip-a.wav' });
  await expect(report.getByRole('row', { name: /^Duration/ })).toContainText('Good');
  await expect(report.getByRole('row', { name: /^Clipping/ })).toContainText('Good');
  await expect(voice.getByRole('region', { name: 'Clip set check' })).toContainText('3 clips');

  await voice.getByRole('button', { name: 'Start voice training' }).click();
  const created = voice.getByRole('status', { name: 'Training started' });
  await expect(created).toBeVisible({ timeout: 20_000 });
  await expect(created).toContainText(`elodie_narration_${suffix}`);
  await expect(created).toContainText(/Task ID\s*\S+/);
  // Each label sits on the first line of its value.
  const taskLabel = await created.getByRole('term').filter({ hasText: 'Task ID' }).boundingBox();
  const taskValue = await created.getByRole('definition').nth(1).locator('code').boundingBox();
  expect(Math.abs(taskLabel!.y - taskValue!.y)).toBeLessThan(4);
  await expect(created.getByRole('link', { name: 'Open on the jobs board' })).toHaveAttribute(
    'href',
    '/jobs',
  );
  // The form starts over for the next voice.
  await expect(name).toHaveValue('');
  await expect(voice.getByRole('list', { name: 'Local clips' })).toHaveCount(0);
});

test('builds a music dataset from dropped tracks, uploads it and starts the LoRA', async ({
  page,
}) => {
  await page.goto('/train?form=music');
  const music = panel(page, 'Music LoRA');
  const name = unique('lofi');
  await music.getByRole('textbox', { name: 'Name', exact: true }).fill(name);

  const tracks = [1, 2, 3, 4].map((n) => ({
    name: `track-${n}.wav`,
    mimeType: 'audio/wav',
    buffer: wav({ seconds: 3, sampleRate: 8000, frequency: 200 + n * 50 }),
  }));
  await music.getByLabel('Tracks').setInputFiles(tracks);
  const check = music.getByRole('region', { name: 'Dataset check' });
  await expect(check).toContainText('4 tracks');
  await expect(check.getByRole('listitem').filter({ hasText: 'track-1.wav' })).toContainText(
    '0:03',
  );
  // Fewer and shorter than recommended: warned, not blocked.
  await expect(check.getByRole('list', { name: 'Dataset warnings' })).toContainText(
    '4 tracks: fewer than the recommended 10 to 25.',
  );

  await music.getByRole('button', { name: 'Start music LoRA training' }).click();
  await expect(
    music.getByRole('progressbar', { name: `Upload of ${name}-dataset.zip` }),
  ).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
  const created = music.getByRole('status', { name: 'Training started' });
  await expect(created).toBeVisible();
  await expect(created).toContainText(name);
  await expect(created.getByRole('link', { name: 'Open on the jobs board' })).toBeVisible();
});

test('a bad name shows the rule beside the field and nothing is sent', async ({ page }) => {
  const sent = watchTrainingRequests(page);
  await page.goto('/train?form=voice');
  const voice = panel(page, 'Custom voice');
  const name = voice.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Bad-Name');
  // Checked as it is typed, before any submit.
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(
    /lowercase letters, digits and underscores.*Name must use lowercase letters, digits and underscores only/,
  );
  await voice.getByLabel('Reference audio files').setInputFiles(voiceClips[0]!);
  await voice.getByRole('button', { name: 'Start voice training' }).click();
  await expect(name).toBeFocused();
  await expect(voice.getByRole('status', { name: 'Training started' })).toHaveCount(0);
  expect(sent).toEqual([]);
});

test('a name already used is refused by the service, on the name field, inputs kept', async ({
  page,
}) => {
  await page.goto('/train?form=voice');
  const voice = panel(page, 'Custom voice');
  const taken = unique('twice');
  const name = voice.getByRole('textbox', { name: 'Name', exact: true });
  await voice.getByRole('textbox', { name: 'Display name' }).fill('Said twice');
  await name.fill(taken);
  await voice.getByLabel('Reference audio files').setInputFiles(voiceClips[0]!);
  const submit = voice.getByRole('button', { name: 'Start voice training' });
  await submit.click();
  await expect(voice.getByRole('status', { name: 'Training started' })).toBeVisible({
    timeout: 20_000,
  });
  // A job created: the form starts over, for the next voice.
  await expect(name).toHaveValue('');
  await expect(voice.getByRole('list', { name: 'Local clips' })).toHaveCount(0);

  await voice.getByRole('textbox', { name: 'Display name' }).fill('Said twice');
  await name.fill(taken);
  await voice.getByLabel('Reference audio files').setInputFiles(voiceClips[0]!);
  // The job is tracked now, so the form already warns before the service answers.
  await expect(voice.getByRole('note').filter({ hasText: 'You already started' })).toBeVisible();

  await submit.click();
  await expect(name).toHaveAttribute('aria-invalid', 'true', { timeout: 20_000 });
  await expect(name).toHaveAccessibleDescription(new RegExp(`"${taken}" is already being trained`));
  await expect(name).toHaveValue(taken);
  await expect(voice.getByRole('textbox', { name: 'Display name' })).toHaveValue('Said twice');
  await expect(voice.getByRole('list', { name: 'Local clips' }).getByRole('listitem')).toHaveCount(
    1,
  );
});

test('builds a video dataset from real MP4 clips, measured in the browser, and starts the LoRA', async ({
  page,
}) => {
  // Real H.264 clips, rendered by the emulator's video generation.
  const clips = [];
  for (const [n, duration] of [4, 5, 6].entries()) {
    const made = await page.request.post('/api/v1/video/generate', {
      data: { prompt: `clip ${n} of a dancer`, parameters: { duration } },
    });
    expect(made.ok()).toBe(true);
    const url: string = (await made.json()).data.outputs[0].url;
    const bytes = await page.request.get(url);
    clips.push({ name: `clip-${n}.mp4`, mimeType: 'video/mp4', buffer: await bytes.body() });
  }

  await page.goto('/train?form=video');
  const video = panel(page, 'Video LoRA');
  const name = unique('dance');
  await video.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await video.getByLabel('Clips').setInputFiles(clips);
  const check = video.getByRole('region', { name: 'Dataset check' });
  await expect(check).toContainText('3 clips');
  await expect(check.getByRole('listitem').filter({ hasText: 'clip-2.mp4' })).toContainText('0:06');
  await expect(check.getByRole('list', { name: 'Dataset warnings' })).toContainText(
    'fewer than the recommended 8 to 20',
  );

  await video.getByRole('button', { name: 'Start video LoRA training' }).click();
  await expect(
    video.getByRole('progressbar', { name: `Upload of ${name}-dataset.zip` }),
  ).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
  const created = video.getByRole('status', { name: 'Training started' });
  await expect(created).toBeVisible();
  await expect(created).toContainText(name);
});
