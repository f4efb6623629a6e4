import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComparePanel } from './compare-panel';
import type { ComparedTake } from './compared-take';

// jsdom cannot decode audio: the measure stands in with known loudnesses per take. The real
// analysis runs in the browser in e2e/speech-compare.spec.ts.
const loudnessOf = new Map<Blob, number>();
vi.mock('./measure-loudness', () => ({
  measureLoudness: async (audio: Blob) => loudnessOf.get(audio) ?? Number.NaN,
}));

// jsdom has no playback: play() and pause() fire the events a browser fires, and paused follows.
const playing = new Set<HTMLMediaElement>();

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return !playing.has(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    playing.add(this);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    playing.delete(this);
    this.dispatchEvent(new Event('pause'));
  });
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:take-${++next}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

afterEach(() => {
  playing.clear();
  loudnessOf.clear();
  vi.restoreAllMocks();
});

function take(side: 'A' | 'B', lufs: number): ComparedTake {
  const audio = new Blob([side], { type: 'audio/mpeg' });
  loudnessOf.set(audio, lufs);
  return {
    id: `take_${side}`,
    label: `Take ${side} label`,
    voice: side === 'A' ? 'Marcus' : 'Aria',
    excerpt: `Words of take ${side}`,
    audio,
  };
}

function renderPanel(lufsA = -14.2, lufsB = -16) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ComparePanel takes={{ A: take('A', lufsA), B: take('B', lufsB) }} onClose={onClose} />
    </QueryClientProvider>,
  );
  const region = screen.getByRole('region', { name: 'Compare takes' });
  const audio = (side: 'A' | 'B') =>
    region.querySelector(`audio[aria-label="Take ${side}"]`) as HTMLAudioElement;
  for (const [side, duration] of [
    ['A', 12],
    ['B', 10],
  ] as const) {
    Object.defineProperty(audio(side), 'duration', { configurable: true, value: duration });
    act(() => {
      audio(side).dispatchEvent(new Event('loadedmetadata'));
    });
  }
  return { region, audio, onClose };
}

describe('ComparePanel', () => {
  it('shows both takes, listens to A first, and matches their loudness', async () => {
    const { region, audio } = renderPanel();
    const takes = within(region).getByRole('list', { name: 'Compared takes' });
    expect(takes).toHaveTextContent('Take A · Marcus');
    expect(takes).toHaveTextContent('Words of take B');
    const listening = within(region).getByRole('radiogroup', { name: 'Listening to' });
    expect(within(listening).getByRole('radio', { name: 'Take A' })).toBeChecked();

    expect(await within(region).findByText('Gain A −1.8 dB · B 0.0 dB')).toBeInTheDocument();
    expect(region).toHaveTextContent('Measured A −14.2 LUFS · B −16.0 LUFS');
    expect(audio('A').volume).toBeCloseTo(10 ** (-1.8 / 20), 5);
    expect(audio('B').volume).toBe(1);

    await userEvent.click(within(region).getByRole('checkbox', { name: 'Match loudness' }));
    expect(audio('A').volume).toBe(1);
    expect(within(region).queryByText(/^Gain/)).not.toBeInTheDocument();
    expect(region).toHaveTextContent('Not matched: both play as they are');
  });

  it('switches to the other take at the same position with X, and back with the radio', async () => {
    const user = userEvent.setup();
    const { region, audio } = renderPanel();
    const slider = within(region).getByRole('slider', { name: 'Seek compared takes' });
    expect(slider).toHaveAttribute('aria-valuemax', '12');

    await user.click(within(region).getByRole('button', { name: 'Play take A' }));
    expect(audio('A').paused).toBe(false);
    act(() => slider.focus());
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}{ArrowLeft}{ArrowLeft}');
    expect(audio('A').currentTime).toBe(8);
    expect(audio('B').currentTime).toBe(8);
    expect(slider).toHaveAttribute('aria-valuenow', '8');

    await user.keyboard('x');
    expect(within(region).getByRole('radio', { name: 'Take B' })).toBeChecked();
    expect(within(region).getByText('Listening to take B')).toHaveAttribute('aria-live', 'polite');
    expect(audio('B').paused).toBe(false);
    expect(audio('A').paused).toBe(true);
    expect(audio('B').currentTime).toBe(8);
    expect(within(region).getByRole('button', { name: 'Pause take B' })).toBeInTheDocument();

    // Past the shorter take's end, it waits at its end.
    await user.keyboard('{End}');
    expect(audio('A').currentTime).toBe(12);
    expect(audio('B').currentTime).toBe(10);

    await user.click(within(region).getByRole('radio', { name: 'Take A' }));
    expect(audio('A').paused).toBe(false);
    expect(audio('B').paused).toBe(true);
    expect(audio('A').currentTime).toBe(10);
  });

  it('plays and pauses with Space on the shared slider; X typed elsewhere than a field only', async () => {
    const user = userEvent.setup();
    const { region, audio } = renderPanel();
    const slider = within(region).getByRole('slider', { name: 'Seek compared takes' });
    act(() => slider.focus());
    expect(fireEvent.keyDown(slider, { key: ' ' })).toBe(false);
    expect(audio('A').paused).toBe(false);
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 0:12, playing');
    await user.keyboard(' ');
    expect(audio('A').paused).toBe(true);

    // Switching while paused stays paused, on the other take.
    fireEvent.keyDown(within(region).getByRole('checkbox', { name: 'Match loudness' }), {
      key: 'X',
    });
    expect(within(region).getByRole('radio', { name: 'Take B' })).toBeChecked();
    expect(audio('B').paused).toBe(true);
  });

  it('keeps the take switched from playing until the other is heard: no gap', async () => {
    const user = userEvent.setup();
    const { region, audio } = renderPanel();
    await user.click(within(region).getByRole('button', { name: 'Play take A' }));
    let started = () => {};
    vi.mocked(HTMLMediaElement.prototype.play).mockImplementationOnce(function (
      this: HTMLMediaElement,
    ) {
      playing.add(this);
      this.dispatchEvent(new Event('play'));
      return new Promise<void>((resolve) => (started = resolve));
    });

    fireEvent.keyDown(within(region).getByRole('slider'), { key: 'x' });
    expect(audio('B').paused).toBe(false);
    expect(audio('A').paused).toBe(false);
    await act(async () => started());
    expect(audio('A').paused).toBe(true);
    expect(audio('B').paused).toBe(false);
  });

  it('says when a take is silent, and plays both as they are', async () => {
    const { region, audio } = renderPanel(-Infinity, -16);
    expect(await within(region).findByText(/A take is silent/)).toBeInTheDocument();
    expect(audio('A').volume).toBe(1);
    expect(audio('B').volume).toBe(1);
  });

  it('stops comparing', async () => {
    const { region, onClose } = renderPanel();
    await userEvent.click(within(region).getByRole('button', { name: 'Stop comparing' }));
    expect(onClose).toHaveBeenCalled();
  });
});
