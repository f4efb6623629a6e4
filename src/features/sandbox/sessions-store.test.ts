import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addSession,
  clearSessions,
  listSessions,
  removeSession,
  sessionsLimit,
  type NewSandboxSession,
} from './sessions-store';

function session(id: string, extra: Partial<NewSandboxSession> = {}): NewSandboxSession {
  return {
    sandbox_id: id,
    status: 'ready',
    language: 'python',
    created_at: '2025-05-01T12:00:00.000Z',
    packages: ['numpy'],
    ...extra,
  };
}

describe('sandbox sessions store', () => {
  beforeEach(async () => {
    await clearSessions();
  });

  it('lists the newest first, even when created in the same millisecond', async () => {
    await addSession(session('sbx_a'));
    await addSession(session('sbx_b', { trace_id: 'tr-1' }));
    await addSession(session('sbx_c', { language: 'typescript', packages: [] }));
    const list = await listSessions();
    expect(list.map((s) => s.sandbox_id)).toEqual(['sbx_c', 'sbx_b', 'sbx_a']);
    expect(list[0]).toMatchObject({ language: 'typescript', packages: [] });
    expect(list[1]!.trace_id).toBe('tr-1');
    expect(list[2]!.trace_id).toBeUndefined();
  });

  it(`keeps only the last ${sessionsLimit}`, async () => {
    for (let i = 1; i <= sessionsLimit + 3; i++) await addSession(session(`sbx_${i}`));
    const list = await listSessions();
    expect(list).toHaveLength(sessionsLimit);
    expect(list[0]!.sandbox_id).toBe(`sbx_${sessionsLimit + 3}`);
    expect(list.at(-1)!.sandbox_id).toBe('sbx_4');
  });

  it('forgets one session and leaves the others', async () => {
    await addSession(session('sbx_keep'));
    await addSession(session('sbx_gone'));
    await removeSession('sbx_gone');
    expect((await listSessions()).map((s) => s.sandbox_id)).toEqual(['sbx_keep']);
    await removeSession('sbx_never_there');
    expect(await listSessions()).toHaveLength(1);
  });

  it('refuses a malformed session', async () => {
    await expect(
      addSession(session('sbx_bad', { language: 'cobol' as NewSandboxSession['language'] })),
    ).rejects.toThrow();
    expect(await listSessions()).toEqual([]);
  });
});
