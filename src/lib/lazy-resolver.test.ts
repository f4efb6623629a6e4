// @vitest-environment node
import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver';

const schema = z
  .object({ name: z.string().min(1, 'Enter a name'), count: z.number().max(3, 'At most 3') })
  .refine((values) => values.name !== 'taken', { path: ['name'], message: 'Name is taken' });
type Values = z.infer<typeof schema>;

const options: ResolverOptions<Values> = {
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
  names: undefined,
};

describe('lazyZodResolver', () => {
  it('loads the schema only when the form first validates, and once', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    await resolver({ name: 'a', count: 1 }, undefined, options);
    await resolver({ name: 'b', count: 2 }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the schema on preload, before any validation', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ name: 'a', count: 1 }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    { name: 'Ada', count: 2 },
    { name: '', count: 9 },
    { name: 'taken', count: 1 },
  ])('answers exactly as zodResolver does for %o', async (values) => {
    const lazy = lazyZodResolver(async () => schema);
    const eager = zodResolver(schema);
    expect(await lazy(values, undefined, options)).toEqual(await eager(values, undefined, options));
  });

  it('tries the download again after a failed one', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(schema);
    const resolver = lazyZodResolver(load);
    await expect(resolver({ name: '', count: 1 }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ name: '', count: 1 }, undefined, options)).resolves.toMatchObject({
      errors: { name: { message: 'Enter a name' } },
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
