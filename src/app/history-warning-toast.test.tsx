import { act, render, screen, waitFor } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectServerHistory, firstReadWaitMs } from '../lib/server-history';
import { inDirectMode } from '../test/direct-mode';
import { FakeEventSource } from '../test/fake-event-source';
import { HistoryWarningToast } from './history-warning-toast';

let disconnect: (() => void) | null = null;
beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  disconnect?.();
  disconnect = null;
  vi.unstubAllGlobals();
  // Sonner keeps its toasts in one module-wide store, beyond one rendered Toaster.
  toast.dismiss();
});

/** The toast and a toaster on the page, and this tab's stream opened: the stream, to drive. */
async function openWithToaster(): Promise<FakeEventSource> {
  render(
    <>
      <HistoryWarningToast />
      <Toaster />
    </>,
  );
  // The files of this project share the history module: a connection another file left open is
  // closed first, and a read it left under way holds the stream back until it answers, or for
  // firstReadWaitMs at most.
  connectServerHistory()();
  FakeEventSource.opened = [];
  disconnect = connectServerHistory();
  await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1), {
    timeout: firstReadWaitMs + 2000,
  });
  return FakeEventSource.opened[0]!;
}

describe('HistoryWarningToast in gateway mode', () => {
  it('tells the user, on any page, that the gateway could not record something', async () => {
    const stream = await openWithToaster();
    // The listener is registered once the history module has loaded.
    await vi.waitFor(() => {
      stream.push({ type: 'warning', message: 'disk full' }, '7');
      expect(screen.getByText('The history may be incomplete')).toBeInTheDocument();
    });
    expect(screen.getByText('disk full')).toBeInTheDocument();
  });

  it('stays quiet for other events', async () => {
    const stream = await openWithToaster();
    // Listening already: a warning shows, and is dismissed.
    await vi.waitFor(() => {
      stream.push({ type: 'warning', message: 'first' }, '1');
      expect(screen.getByText('first')).toBeInTheDocument();
    });
    act(() => void toast.dismiss());
    await waitFor(() => expect(screen.queryByText('first')).not.toBeInTheDocument());
    for (let n = 2; n < 7; n += 1) {
      stream.push({ type: 'delete', id: `voice_${n}` }, String(n));
      stream.push({ type: 'reset' }, String(n));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('The history may be incomplete')).not.toBeInTheDocument();
  });
});

describe('HistoryWarningToast in direct mode', () => {
  inDirectMode();
  it('listens to no gateway', async () => {
    const stream = await openWithToaster();
    // Long enough for a listener to have loaded, as it does in gateway mode.
    for (let n = 0; n < 5; n += 1) {
      stream.push({ type: 'warning', message: 'disk full' }, String(n));
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(screen.queryByText('disk full')).not.toBeInTheDocument();
  });
});
