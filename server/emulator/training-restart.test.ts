import { rmSync } from 'node:fs';
import { expect, it, vi } from 'vitest';
import { openDatabase } from './db/database';
import {
  findTrainingJob,
  updateTrainingJob,
  type TrainingJobRecord,
} from './db/training-jobs-repo';
import { buildZip } from './media/zip';
import { hashKey } from './principal';
import { createTestEmulator, testKey, testStack } from './test-support/test-emulator';
import {
  readStatus,
  sentences,
  speechWav,
  startJob,
  uploadBytes,
} from './test-support/training-fixtures';

const owner = { keyHash: hashKey(testKey), stackId: testStack };
const HOUR = 3_600_000;

it(
  'resumes queued and running jobs after a restart, and none stays stuck',
  { timeout: 20_000 },
  async () => {
    // 1 s jobs (0.2 s queue wait): still queued or running when the first emulator closes.
    const vars = { EMULATOR_TRAINING_SECONDS: '1' };
    const first = createTestEmulator(vars);
    const { dir } = first;
    try {
      const refs = await Promise.all(
        sentences.map(
          async (text, i) => (await uploadBytes(first, await speechWav(text), `r${i}.wav`)).url,
        ),
      );
      const dataset = buildZip([{ name: 'a.wav', data: await speechWav('A track.') }]);
      const file = await uploadBytes(first, dataset, 'set.zip');

      const running = await startJob(first, '/training/voice', {
        reference_urls: refs,
        name: 'early',
      });
      // Wait until it runs with its inputs checked: it must not need them checked again.
      await vi.waitFor(
        async () => {
          await readStatus(first, running);
          if (!findTrainingJob(first.db, running, owner)?.inputs_summary)
            throw new Error('not yet');
        },
        { timeout: 20_000, interval: 50 },
      );
      const queued = await startJob(first, '/training/lora/music', {
        dataset: file.file_id,
        name: 'late',
      });
      const interrupted = await startJob(first, '/training/voice', {
        reference_urls: refs,
        name: 'cut',
      });
      const before = {
        running: findTrainingJob(first.db, running, owner)!,
        queued: findTrainingJob(first.db, queued, owner)!,
      };
      expect(before.running).toMatchObject({ status: 'running' });
      expect(before.queued).toMatchObject({ status: 'queued' });
      await first.close();
      // As if the process died while checking this job's references: running, nothing learned.
      const db = openDatabase(dir);
      updateTrainingJob(db, interrupted, {
        status: 'running',
        started_at: new Date().toISOString(),
        current_step: 0,
        total_steps: 200,
        cost_estimate: 0,
      });
      db.close();

      // Back an hour later: longer than any job, so the checked one completes on the first tick;
      // the others (re)check their inputs, then train for their 1 s.
      const second = createTestEmulator(vars, { dir, now: () => new Date(Date.now() + HOUR) });
      try {
        const row = (id: string): TrainingJobRecord => findTrainingJob(second.db, id, owner)!;
        expect(row(running)).toMatchObject({
          status: 'running',
          started_at: before.running.started_at,
        });
        // Watched in the database, not through status reads: the runner alone must move them.
        await vi.waitFor(() => expect(row(running).status).toBe('completed'), { timeout: 20_000 });
        for (const id of [queued, interrupted])
          await vi.waitFor(() => expect(row(id).status).toBe('completed'), { timeout: 20_000 });
        expect(row(interrupted).inputs_summary).toMatchObject({ kind: 'voice', count: 3 });
        expect(row(running).inputs_summary).toEqual(before.running.inputs_summary);
        expect(row(queued)).toMatchObject({ progress: 100, total_cost: 2 });
        const { job } = await readStatus(second, running);
        expect(job).toMatchObject({ status: 'completed', asset_url: expect.any(String) });
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
