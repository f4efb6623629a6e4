import { act, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import { expect, it, vi } from 'vitest';
import { toast } from './toast';
import { readToasterWanted, subscribeToasterWanted } from './toaster-wanted';

/** What the app does (src/app/app.tsx): no toaster until a toast is raised. */
function Shell({ ready }: { ready: boolean }) {
  const wanted = useSyncExternalStore(subscribeToasterWanted, readToasterWanted);
  return wanted && ready ? <Toaster /> : null;
}

it('mounts the toaster from the first toast on, and that toast shows', async () => {
  const listener = vi.fn();
  subscribeToasterWanted(listener);
  const { rerender } = render(<Shell ready={false} />);
  expect(readToasterWanted()).toBe(false);

  toast.success('Saved');
  expect(readToasterWanted()).toBe(true);
  // Raised before the toaster is in, as when its code is still on the way: sonner keeps it.
  await vi.waitFor(() => expect(sonner.getToasts()).toHaveLength(1));
  expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  rerender(<Shell ready />);
  expect(await screen.findByText('Saved')).toBeInTheDocument();

  toast.error('Failed');
  expect(await screen.findByText('Failed')).toBeInTheDocument();
  expect(listener).toHaveBeenCalledTimes(1);
  act(() => void sonner.dismiss());
});
