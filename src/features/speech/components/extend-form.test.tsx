import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RecordingsStore from '../../../lib/recordings-store';
import type { ReferenceSource } from '../queries';
import type * as ExtendFormModule from './extend-form';
import { freshBrowserIndexedDb } from '../../../test/browser-indexeddb';

let store: typeof RecordingsStore;
let ExtendForm: typeof ExtendFormModule.ExtendForm;

/** Browsers keep a File in IndexedDB as a File; Node's structuredClone cannot copy jsdom's. */

beforeEach(async () => {
  // A fresh browser database per test; the modules keep their opened connection.
  freshBrowserIndexedDb();
  store = await import('../../../lib/recordings-store');
  ({ ExtendForm } = await import('./extend-form'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const recording = (name = 'Recording 1.wav') =>
  new File(['RIFF'], name, { type: 'audio/wav', lastModified: 1_700_000_000_000 });

function renderForm(extendedReference: Blob | string | null = null) {
  const onReferenceChange = vi.fn<(reference: ReferenceSource | null) => void>();
  const props = {
    onSubmit: vi.fn(),
    onReferenceChange,
    referenceCheck: null,
    pending: false,
    pendingLabel: 'Extending…',
  };
  const view = render(<ExtendForm {...props} extendedReference={extendedReference} />);
  const rerender = (next: Blob | string | null) =>
    view.rerender(<ExtendForm {...props} extendedReference={next} />);
  return { onReferenceChange, rerender, user: userEvent.setup() };
}

const kept = async () => (await store.keptRecordings('extend')).map((file) => file.name);

describe('ExtendForm with a kept recording', () => {
  it('restores it after a reload as the local reference, and measures it', async () => {
    await store.keepRecording('extend', recording());
    const { onReferenceChange } = renderForm();

    expect(await screen.findByText(/^Recording 1\.wav: recorded here/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Local file' })).toBeChecked();
    await waitFor(() =>
      expect(onReferenceChange).toHaveBeenLastCalledWith({
        kind: 'file',
        file: expect.objectContaining({ name: 'Recording 1.wav' }),
      }),
    );
  });

  it('forgets it once an extend has used it, and keeps it while none has', async () => {
    await store.keepRecording('extend', recording());
    const { onReferenceChange, rerender } = renderForm();
    await screen.findByText(/^Recording 1\.wav: recorded here/);
    // Handed to the page once the form's own value has it, a render after the name shows.
    const restored = await waitFor(() => {
      const reference = onReferenceChange.mock.lastCall?.[0];
      expect(reference?.kind).toBe('file');
      return reference;
    });

    rerender('https://example.com/other-reference.mp3');
    expect(await kept()).toEqual(['Recording 1.wav']);

    rerender(restored?.kind === 'file' ? restored.file : null);
    await waitFor(async () => expect(await kept()).toEqual([]));
    // Still the form's reference: Extend may be pressed again with other text.
    expect(screen.getByRole('radio', { name: 'Local file' })).toBeChecked();
  });

  it('forgets it when another file is chosen in its place', async () => {
    await store.keepRecording('extend', recording());
    const { user } = renderForm();
    await screen.findByText(/^Recording 1\.wav: recorded here/);

    await user.upload(screen.getByLabelText('Reference audio file'), recording('mine.wav'));

    await waitFor(async () => expect(await kept()).toEqual([]));
    expect(screen.queryByText(/recorded here/)).not.toBeInTheDocument();
  });

  it('keeps the recording as the file while the source is switched to URL and back', async () => {
    await store.keepRecording('extend', recording());
    const { user } = renderForm();
    await screen.findByText(/^Recording 1\.wav: recorded here/);
    await user.click(screen.getByRole('radio', { name: 'URL' }));
    expect(screen.getByRole('textbox', { name: 'Reference audio URL' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Local file' }));
    expect(screen.getByText(/^Recording 1\.wav: recorded here/)).toBeInTheDocument();
    expect(await kept()).toEqual(['Recording 1.wav']);
  });
});
