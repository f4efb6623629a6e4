import { describe, expect, it } from 'vitest';
import { ApiError, clientErrorCodes } from './api-error';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('loads once, on first use, and every use gets the same module', async () => {
    let loads = 0;
    const module = { parse: () => 'parsed' };
    const load = lazyModule(async () => {
      loads++;
      return module;
    }, 'schemas missing');
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    expect(await load()).toBe(module);
    expect(first).toBe(module);
    expect(second).toBe(module);
    expect(loads).toBe(1);
  });

  it('turns a failed load into a network error naming what is missing, and tries again next time', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const outcomes: (() => Promise<string>)[] = [
      () => Promise.reject(offline),
      () => Promise.resolve('loaded'),
    ];
    const load = lazyModule(() => outcomes.shift()!(), 'The schemas could not load.');
    const error = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: clientErrorCodes.network,
      message: 'The schemas could not load.',
      status: null,
      cause: offline,
    });
    expect(await load()).toBe('loaded');
    expect(outcomes).toHaveLength(0);
  });
});
