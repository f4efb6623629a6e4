import { rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import { fileResponseSchema, fileUploadResponseSchema } from '../../src/api/contract/files';
import { sandboxResponseSchema } from '../../src/api/contract/sandbox';
import { findSandbox } from './db/sandboxes-repo';
import { hashKey } from './principal';
import { createTestEmulator, headers, testKey } from './test-support/test-emulator';

it('keeps files, their bytes and sandboxes across a restart on the same data dir', async () => {
  const first = createTestEmulator();
  const { dir } = first;
  try {
    const form = new FormData();
    form.append('purpose', 'general');
    form.append('file', new Blob(['persist me'], { type: 'text/plain' }), 'note.txt');
    const up = await first.request('/api/v1/files/upload', {
      method: 'POST',
      headers: headers(),
      body: form,
    });
    const file = fileUploadResponseSchema.parse(await up.json()).data;
    const sbx = await first.request('/api/v1/code/sandbox', {
      method: 'POST',
      headers: headers({ json: true }),
      body: JSON.stringify({ language: 'javascript', packages: ['lodash'] }),
    });
    const sandbox = sandboxResponseSchema.parse(await sbx.json()).data;
    await first.close();

    const second = createTestEmulator({}, { dir });
    try {
      const res = await second.request(`/api/v1/files/${file.file_id}`, { headers: headers() });
      expect(res.status).toBe(200);
      const stored = fileResponseSchema.parse(await res.json()).data;
      expect(stored).toMatchObject(file);
      const bytes = await second.request(new URL(stored.url).pathname);
      expect(await bytes.text()).toBe('persist me');
      const owner = { keyHash: hashKey(testKey), stackId: 'stack-a' };
      expect(findSandbox(second.db, sandbox.sandbox_id, owner)?.packages).toEqual(['lodash']);
    } finally {
      await second.close();
    }
  } finally {
    await first.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
