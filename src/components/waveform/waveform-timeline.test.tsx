import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WaveformTimeline } from './waveform-timeline';

function loadMetadata(label: string, duration: number) {
  const audio = screen.getByLabelText(label, { selector: 'audio' });
  Object.defineProperty(audio, 'duration', { configurable: true, value: duration });
  act(() => {
    audio.dispatchEvent(new Event('loadedmetadata'));
  });
}

describe('WaveformTimeline', () => {
  const segments = [
    { src: '/reference.wav', label: 'Reference' },
    { src: '/continuation.mp3', label: 'Continuation' },
  ];

  it('plays each segment and marks the join', () => {
    render(<WaveformTimeline label="Reference and continuation" segments={segments} />);
    const timeline = screen.getByRole('group', { name: 'Reference and continuation' });
    expect(within(timeline).getByRole('button', { name: 'Play Reference' })).toBeInTheDocument();
    expect(within(timeline).getByRole('button', { name: 'Play Continuation' })).toBeInTheDocument();
    expect(within(timeline).getAllByRole('separator')).toHaveLength(1);
    expect(
      within(timeline).getByRole('separator', {
        name: 'Join: Reference ends, Continuation begins',
      }),
    ).toBeVisible();
  });

  it('sizes segments by their measured durations and shows each duration', () => {
    render(<WaveformTimeline label="Timeline" segments={segments} />);
    expect(screen.getAllByText('Measuring…')).toHaveLength(2);

    loadMetadata('Reference', 4);
    loadMetadata('Continuation', 12);

    const reference = screen.getByText('Reference', { selector: 'span' }).closest('[style]');
    const continuation = screen.getByText('Continuation', { selector: 'span' }).closest('[style]');
    expect(reference).toHaveStyle({ flexGrow: '4' });
    expect(continuation).toHaveStyle({ flexGrow: '12' });
    expect(screen.getByText('0:04')).toBeInTheDocument();
    expect(screen.getByText('0:12')).toBeInTheDocument();
    expect(screen.getByText('Total 0:16')).toBeInTheDocument();
  });
});
