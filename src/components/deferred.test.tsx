import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred';
import type * as Deferred from './deferred';

describe('deferred', () => {
  const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

  it('draws a component whose code is in at once, without its loading state', async () => {
    const part = deferred(() => Promise.resolve(Greeting));
    await part.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <part.Component name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('shows the loading state while the code is on its way', async () => {
    const part = deferred(() => Promise.resolve(Greeting));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <part.Component name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('tries a failed download again on the next preload', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting);
    const part = deferred(load);
    await expect(part.preload()).resolves.toBeUndefined();
    await part.preload();
    expect(load).toHaveBeenCalledTimes(2);
    render(<part.Component name="Ada" />);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  });
});

describe('usePreloadWhenUsed', () => {
  // Whether the page has been used is kept for the page's lifetime: each test is a fresh page.
  let usePreloadWhenUsed: typeof Deferred.usePreloadWhenUsed;
  beforeEach(async () => {
    vi.resetModules();
    ({ usePreloadWhenUsed } = await import('./deferred'));
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts nothing for a page only looked at; once it is used, the preload at the next idle moment, without drawing again', () => {
    const preload = vi.fn();
    let renders = 0;
    function Form() {
      renders++;
      usePreloadWhenUsed(preload);
      return null;
    }
    render(<Form />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(preload).not.toHaveBeenCalled();
    fireEvent.pointerDown(document.body);
    expect(preload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2_000));
    expect(preload).toHaveBeenCalledTimes(1);
    expect(renders).toBe(1);
  });

  it('does not start it for a component gone before the browser was idle', () => {
    const preload = vi.fn();
    function Form() {
      usePreloadWhenUsed(preload);
      return null;
    }
    render(<Form />).unmount();
    act(() => vi.advanceTimersByTime(2_000));
    expect(preload).not.toHaveBeenCalled();
  });
});
