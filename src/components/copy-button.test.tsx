import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

// navigator.clipboard is the browser boundary: replaced after userEvent.setup(), which
// installs its own clipboard stub.
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CopyButton', () => {
  it('writes the value to the clipboard and announces Copied', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubClipboard(writeText);
    render(<CopyButton value="voice_123" label="voice ID of Aria" />);

    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Copy voice ID of Aria' }));

    expect(writeText).toHaveBeenCalledWith('voice_123');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clears the feedback after a moment', async () => {
    stubClipboard(vi.fn().mockResolvedValue(undefined));
    render(<CopyButton value="abc" label="trace ID" />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Copy trace ID' }));
    await act(async () => {}); // let writeText resolve
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows a visible message with the value when the clipboard refuses', async () => {
    const user = userEvent.setup();
    stubClipboard(vi.fn().mockRejectedValue(new DOMException('Denied', 'NotAllowedError')));
    render(<CopyButton value="voice_123" label="voice ID" />);
    await user.click(screen.getByRole('button', { name: 'Copy voice ID' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Could not copy');
    expect(screen.getByRole('alert')).toHaveTextContent('voice_123');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the message when there is no clipboard API at all', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    render(<CopyButton value="x" label="ID" />);
    await user.click(screen.getByRole('button', { name: 'Copy ID' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not copy');
  });
});
