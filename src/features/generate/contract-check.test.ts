// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadContractCheck, loadedContractCheck } from './contract-check';
import { checkWithSchema } from './contract-schema-check';

describe('loadContractCheck', () => {
  it('loads the schema check once and keeps it for forms drawn later', async () => {
    expect(loadedContractCheck()).toBeUndefined();
    const check = await loadContractCheck();
    expect(check).toBe(checkWithSchema);
    expect(loadedContractCheck()).toBe(check);
    await expect(loadContractCheck()).resolves.toBe(check);
  });

  it('checks a body against its endpoint’s schema', async () => {
    const check = await loadContractCheck();
    expect(check('video', { prompt: 'a fox', tool: 'generate_video_3' })).toEqual([]);
    expect(check('image', { prompt: 'a fox', tool: 'generate_video_3' })).toEqual([
      expect.objectContaining({ path: ['tool'] }),
    ]);
  });
});
