// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle-queue';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('runs one task per idle period, in the order queued', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const ran: string[] = [];
    whenIdle(() => ran.push('a'));
    whenIdle(() => ran.push('b'));
    expect(ran).toEqual([]);
    idle.shift()!();
    expect(ran).toEqual(['a']);
    idle.shift()!();
    expect(ran).toEqual(['a', 'b']);
    expect(idle).toHaveLength(0);
  });

  it('drops a task cancelled before it ran', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const ran: string[] = [];
    const cancel = whenIdle(() => ran.push('dropped'));
    whenIdle(() => ran.push('kept'));
    cancel();
    while (idle.length > 0) idle.shift()!();
    expect(ran).toEqual(['kept']);
  });

  it('falls back to a timeout where requestIdleCallback is missing', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
  });
});
