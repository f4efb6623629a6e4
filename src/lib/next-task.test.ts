import { describe, expect, it } from 'vitest';
import { inSeparateTasks, nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after work already queued as a task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await nextTask();
    order.push('after yield');
    expect(order).toEqual(['queued task', 'after yield']);
  });
});

describe('inSeparateTasks', () => {
  it('runs each load in order with other tasks let in between, and returns the last', async () => {
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(name);
      // Another task, queued while this step runs: it must run before the next step.
      setTimeout(() => order.push(`task after ${name}`), 0);
    };
    const result = await inSeparateTasks([step('zod'), step('schemas')], async () => {
      order.push('client');
      return 42;
    });
    expect(result).toBe(42);
    expect(order).toEqual(['zod', 'task after zod', 'schemas', 'task after schemas', 'client']);
  });

  it('rejects with a failed step and does not run the rest', async () => {
    const ran: string[] = [];
    const failure = new Error('offline');
    await expect(
      inSeparateTasks(
        [
          () => Promise.reject(failure),
          async () => {
            ran.push('second');
          },
        ],
        async () => ran.push('last'),
      ),
    ).rejects.toBe(failure);
    expect(ran).toEqual([]);
  });
});
