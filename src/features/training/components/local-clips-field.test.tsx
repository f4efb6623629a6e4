import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Trimmer from '../../../components/clip-check/clip-trimmer';
import type * as RecordingsStore from '../../../lib/recordings-store';
import type * as VoiceFormModule from './voice-form';
import { freshBrowserIndexedDb } from '../../../test/browser-indexeddb';
import { voiceFormProps } from './test-voice-form-props';

/**
 * Trims waiting to finish, in the order applied: the test says when each one does. The real
 * trimmer (clip-trimmer.test.tsx) finishes at once in jsdom, while in a browser a long clip
 * takes a moment to decode and encode, in which the user may remove or add clips.
 */
const pendingTrims: (() => void)[] = [];
vi.mock('../../../components/clip-check/clip-trimmer', async (importOriginal) => ({
  ...(await importOriginal<typeof Trimmer>()),
  ClipTrimmer: ({ file, onTrimmed }: { file: File; onTrimmed: (trimmed: File) => void }) => (
    <button
      type="button"
      onClick={() =>
        pendingTrims.push(() => onTrimmed(new File(['cut'], file.name, { type: 'audio/wav' })))
      }
    >
      Apply trim
    </button>
  ),
}));

let store: typeof RecordingsStore;
let VoiceForm: typeof VoiceFormModule.VoiceForm;

/** fake-indexeddb copies with Node's structuredClone, which cannot copy jsdom's Files. */

beforeEach(async () => {
  freshBrowserIndexedDb();
  pendingTrims.length = 0;
  store = await import('../../../lib/recordings-store');
  ({ VoiceForm } = await import('./voice-form'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const wav = (name: string) => new File(['RIFF'], name, { type: 'audio/wav' });

function renderForm(clips: File[] = []) {
  const onClipsChange = vi.fn<(files: File[]) => void>();
  render(<VoiceForm {...voiceFormProps({ clips, onClipsChange })} />);
  /** The form's clips as the page last heard them: names and whether each is trimmed. */
  const formClips = async () =>
    Promise.all(
      (onClipsChange.mock.lastCall?.[0] ?? []).map(
        async (file) => `${file.name}${(await file.text()) === 'cut' ? ' (trimmed)' : ''}`,
      ),
    );
  return { formClips, user: userEvent.setup() };
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Local clips' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

async function applyTrim(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: `Trim ${name}` }));
  await user.click(await screen.findByRole('button', { name: 'Apply trim' }));
}

describe('LocalClipsField trims', () => {
  it('does not bring back a clip removed while another was being trimmed', async () => {
    const { user, formClips } = renderForm([wav('a.wav'), wav('b.wav')]);
    await applyTrim(user, 'b.wav');
    await user.click(screen.getByRole('button', { name: 'Remove a.wav' }));

    pendingTrims.shift()!();

    await waitFor(async () => expect(await formClips()).toEqual(['b.wav (trimmed)']));
    expect(cardNames()).toEqual(['Clip b.wav']);
  });

  it('keeps a clip added while another was being trimmed', async () => {
    const { user, formClips } = renderForm([wav('a.wav'), wav('b.wav')]);
    await applyTrim(user, 'a.wav');
    await user.upload(screen.getByLabelText('Reference audio files'), wav('c.wav'));

    pendingTrims.shift()!();

    await waitFor(async () =>
      expect(await formClips()).toEqual(['a.wav (trimmed)', 'b.wav', 'c.wav']),
    );
    expect(cardNames()).toEqual(['Clip a.wav', 'Clip b.wav', 'Clip c.wav']);
  });

  it('drops the trim of a recording removed meanwhile, which stays forgotten', async () => {
    await store.keepRecording('voice', wav('Recording 1.wav'));
    await store.keepRecording('voice', wav('Recording 2.wav'));
    const { user, formClips } = renderForm();
    await screen.findByRole('listitem', { name: 'Clip Recording 2.wav' });
    await applyTrim(user, 'Recording 1.wav');
    await user.click(screen.getByRole('button', { name: 'Remove Recording 1.wav' }));

    pendingTrims.shift()!();

    await waitFor(async () => expect(await formClips()).toEqual(['Recording 2.wav']));
    expect(cardNames()).toEqual(['Clip Recording 2.wav']);
    await waitFor(async () =>
      expect((await store.keptRecordings('voice')).map((file) => file.name)).toEqual([
        'Recording 2.wav',
      ]),
    );
  });
});

describe('LocalClipsField restoring kept recordings', () => {
  it('adds a kept take that only shares a name with a clip in the form, not a copy of one', async () => {
    const older = new File(['older take'], 'Recording 1.wav', { lastModified: 1_000 });
    const copy = new File(['kept'], 'Recording 2.wav', { lastModified: 2_000 });
    await store.keepRecording('voice', new File(['newer take'], 'Recording 1.wav'));
    await store.keepRecording(
      'voice',
      new File(['kept'], 'Recording 2.wav', { lastModified: 2_000 }),
    );
    const { formClips } = renderForm([older, copy]);

    await waitFor(async () =>
      expect(await formClips()).toEqual(['Recording 1.wav', 'Recording 2.wav', 'Recording 1.wav']),
    );
    expect(await screen.findAllByRole('listitem', { name: 'Clip Recording 1.wav' })).toHaveLength(
      2,
    );
  });
});
