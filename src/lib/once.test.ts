// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { once } from './once';

describe('once', () => {
  it('makes nothing until first asked, then makes the value once', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = once(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('keeps a made value that is falsy', () => {
    const make = vi.fn(() => 0);
    const value = once(make);
    expect(value()).toBe(0);
    expect(value()).toBe(0);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
