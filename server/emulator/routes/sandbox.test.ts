import { afterEach, describe, expect, it } from 'vitest';
import { findSandbox } from '../db/sandboxes-repo';
import { hashKey } from '../principal';
import {
  createTestEmulator,
  headers,
  testKey,
  type TestEmulator,
} from '../test-support/test-emulator';

const NOW = '2025-03-01T12:00:00.000Z';
const emulators: TestEmulator[] = [];
function emulator() {
  const emu = createTestEmulator({}, { now: () => new Date(NOW) });
  emulators.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.cleanup()));
});

const create = (emu: TestEmulator, body: unknown, stack: string | null = 'stack-a') =>
  emu.request('/api/v1/code/sandbox', {
    method: 'POST',
    headers: headers({ json: true, stack }),
    body: JSON.stringify(body),
  });

describe('POST /v1/code/sandbox', () => {
  it("answers exactly the spec's Sandbox, ready, without trace_id, and stores it", async () => {
    const emu = emulator();
    const res = await create(emu, { language: 'typescript', packages: ['zod', 'hono'] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { sandbox_id: string } };
    expect(body).toEqual({
      data: {
        sandbox_id: expect.stringMatching(/^sbx_[\w-]{22}$/),
        status: 'ready',
        language: 'typescript',
        created_at: NOW,
      },
    });
    const owner = { keyHash: hashKey(testKey), stackId: 'stack-a' };
    expect(findSandbox(emu.db, body.data.sandbox_id, owner)).toEqual({
      sandbox_id: body.data.sandbox_id,
      owner: owner.keyHash,
      stack: 'stack-a',
      language: 'typescript',
      packages: ['zod', 'hono'],
      status: 'ready',
      created_at: NOW,
    });
    expect(findSandbox(emu.db, body.data.sandbox_id, { ...owner, stackId: 'b' })).toBeNull();
  });

  it('does not require X-Stack-Id, and defaults packages to none', async () => {
    const emu = emulator();
    const res = await create(emu, { language: 'python' }, null);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { sandbox_id: string } };
    const owner = { keyHash: hashKey(testKey), stackId: '' };
    expect(findSandbox(emu.db, data.sandbox_id, owner)?.packages).toEqual([]);
  });

  it('names the field and the rule of an invalid body', async () => {
    const emu = emulator();
    const cases: Array<[unknown, string]> = [
      [
        { language: 'ruby' },
        'language: must be one of python, javascript, typescript (got "ruby")',
      ],
      [{}, 'language: is required'],
      [
        { language: 'python', packages: ['numpy', ''] },
        'packages[1]: each package name must not be empty (got "")',
      ],
      [
        { language: 'python', packages: 'numpy' },
        'packages: must be a list of package names (got "numpy")',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(emu, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'invalid_request', message } });
    }
  });
});
