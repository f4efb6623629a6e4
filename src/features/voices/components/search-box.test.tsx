import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox, searchDebounceMs } from './search-box';

describe('SearchBox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the query once typing settles, and undefined when emptied', () => {
    const onSearch = vi.fn();
    render(<SearchBox value={undefined} onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search voices' });
    for (const text of ['c', 'ca', 'cal', 'calm']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => vi.advanceTimersByTime(searchDebounceMs / 2));
    }
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(searchDebounceMs / 2));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('calm');

    fireEvent.change(box, { target: { value: '  ' } });
    act(() => vi.advanceTimersByTime(searchDebounceMs));
    expect(onSearch).toHaveBeenLastCalledWith(undefined);
  });

  it('follows the URL when it changes from elsewhere (back button, Clear filters)', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox value="warm" onSearch={onSearch} />);
    expect(screen.getByRole('searchbox')).toHaveValue('warm');
    rerender(<SearchBox value={undefined} onSearch={onSearch} />);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    act(() => vi.advanceTimersByTime(searchDebounceMs));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
