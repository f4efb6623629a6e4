// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { disableZodEval } from './zod-without-eval';

describe('disableZodEval', () => {
  const scope = globalThis as { __zod_globalConfig?: object };
  const saved = scope.__zod_globalConfig;
  afterEach(() => {
    scope.__zod_globalConfig = saved;
    vi.restoreAllMocks();
  });

  it('makes zod, loaded afterwards, parse objects without eval', async () => {
    delete scope.__zod_globalConfig;
    disableZodEval();
    vi.resetModules();
    const evalProbe = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string(), size: z.number() });
    expect(schema.parse({ name: 'take', size: 3 })).toEqual({ name: 'take', size: 3 });
    expect(evalProbe).not.toHaveBeenCalled();
  });
});
