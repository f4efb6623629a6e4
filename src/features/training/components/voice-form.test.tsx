import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClipReport } from '../../../lib/audio/clip-report';
import type * as RecordingsStore from '../../../lib/recordings-store';
import type { ClipView } from './voice-clip-card';
import type * as VoiceFormModule from './voice-form';
import { freshBrowserIndexedDb } from '../../../test/browser-indexeddb';
import { voiceFormProps } from './test-voice-form-props';

let store: typeof RecordingsStore;
let VoiceForm: typeof VoiceFormModule.VoiceForm;

beforeEach(async () => {
  // A database of its own for each test: the store keeps the one it opened in its module.
  freshBrowserIndexedDb();
  store = await import('../../../lib/recordings-store');
  ({ VoiceForm } = await import('./voice-form'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const clean: ClipReport = {
  durationS: 6,
  sampleRate: 48_000,
  channels: 1,
  peakDbfs: -3,
  loudnessLufs: -20,
  clippedShare: 0,
  noiseFloorDbfs: -72,
  snrDb: 45,
  silenceShare: 0.15,
};
const clipped: ClipReport = { ...clean, peakDbfs: 0, clippedShare: 0.05 };

const wav = (name: string) =>
  new File(['RIFF'], name, { type: 'audio/wav', lastModified: 1_700_000_000_000 });

function renderForm({
  clips = [],
  clipView = () => ({ checking: false }),
}: {
  clips?: File[];
  clipView?: (file: File) => ClipView;
} = {}) {
  const onClipsChange = vi.fn<(files: File[]) => void>();
  // StrictMode runs the restoring effect twice, as in development: the clips come back once.
  render(
    <StrictMode>
      <VoiceForm
        {...voiceFormProps({
          clips,
          onClipsChange,
          clipView,
          clipSet: clips.map((file) => ({
            name: file.name,
            report: clipView(file).report,
            source: 'file' as const,
          })),
        })}
      />
    </StrictMode>,
  );
  return { onClipsChange, user: userEvent.setup() };
}

describe('VoiceForm clips', () => {
  it('shows each clip’s overall verdict and report, which can be folded away', async () => {
    const a = wav('clip-a.wav');
    const b = wav('clip-b.wav');
    const { user } = renderForm({
      clips: [a, b],
      clipView: (file) => ({ checking: false, report: file === a ? clean : clipped }),
    });
    const cardA = screen.getByRole('listitem', { name: 'Clip clip-a.wav' });
    const cardB = screen.getByRole('listitem', { name: 'Clip clip-b.wav' });
    // The report's code loads with the first clip.
    const table = await within(cardB).findByRole('table', { name: 'Report for clip-b.wav' });
    expect(within(cardA).getByText('Overall:').parentElement).toHaveTextContent('Overall: Good');
    expect(within(cardB).getByText('Overall:').parentElement).toHaveTextContent(
      'Overall: Unusable',
    );
    expect(within(table).getByRole('row', { name: /^Clipping/ })).toHaveTextContent('Unusable');
    expect(within(cardA).getByRole('table', { name: 'Report for clip-a.wav' })).toBeVisible();

    await user.click(within(cardB).getByRole('button', { name: 'Hide report for clip-b.wav' }));
    expect(within(cardB).queryByRole('table')).not.toBeInTheDocument();
    expect(within(cardB).getByText('Overall:').parentElement).toHaveTextContent(
      'Overall: Unusable',
    );
    const show = within(cardB).getByRole('button', { name: 'Show report for clip-b.wav' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(within(cardB).getByRole('table', { name: 'Report for clip-b.wav' })).toBeVisible();
  });

  it('says the clip is being measured, then what could not be measured', () => {
    const a = wav('clip-a.wav');
    const b = wav('clip-b.wav');
    renderForm({
      clips: [a, b],
      clipView: (file) =>
        file === a ? { checking: true } : { checking: false, error: 'Unable to decode' },
    });
    expect(screen.getByRole('listitem', { name: 'Clip clip-a.wav' })).toHaveTextContent(
      'Measuring…',
    );
    expect(screen.getByRole('listitem', { name: 'Clip clip-b.wav' })).toHaveTextContent(
      'could not measure (Unable to decode)',
    );
  });

  it('shows the set’s check in place of loose warnings', async () => {
    renderForm({
      clips: [wav('clip-a.wav')],
      clipView: () => ({ checking: false, report: clean }),
    });
    expect(await screen.findByRole('region', { name: 'Clip set check' })).toBeInTheDocument();
  });

  it('puts kept recordings back once, and forgets one when it is removed', async () => {
    await store.keepRecording('voice', wav('Recording 1.wav'));
    await store.keepRecording('voice', wav('Recording 2.wav'));
    const { user, onClipsChange } = renderForm({ clips: [wav('upload.wav')] });
    const list = await screen.findByRole('list', { name: 'Local clips' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Clip upload.wav', 'Clip Recording 1.wav', 'Clip Recording 2.wav']);
    // Told after the list is drawn: the form reports its clips in an effect.
    await waitFor(() =>
      expect(onClipsChange).toHaveBeenLastCalledWith([
        expect.objectContaining({ name: 'upload.wav' }),
        expect.objectContaining({ name: 'Recording 1.wav' }),
        expect.objectContaining({ name: 'Recording 2.wav' }),
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Recording 1.wav' }));
    expect(
      screen.queryByRole('listitem', { name: 'Clip Recording 1.wav' }),
    ).not.toBeInTheDocument();
    await waitFor(async () =>
      expect((await store.keptRecordings('voice')).map((file) => file.name)).toEqual([
        'Recording 2.wav',
      ]),
    );
    // An uploaded file is not a recording: removing it leaves the kept ones alone.
    await user.click(screen.getByRole('button', { name: 'Remove upload.wav' }));
    expect((await store.keptRecordings('voice')).map((file) => file.name)).toEqual([
      'Recording 2.wav',
    ]);
  });
});
