// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after work already queued as a task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await nextTask();
    order.push('after yield');
    expect(order).toEqual(['queued task', 'after yield']);
  });
});
