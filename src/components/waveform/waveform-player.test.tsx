import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { audioController } from '../../lib/audio-controller';
import { WaveformPlayer } from './waveform-player';

// jsdom has no playback: play() and pause() stand in for the browser by firing the events a
// browser fires. Everything the component shows is driven by those events.
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event('pause'));
  });
  fetchSpy = vi.fn().mockRejectedValue(new TypeError('offline'));
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function audioFor(label: string) {
  return screen.getByLabelText(label, { selector: 'audio' }) as HTMLAudioElement;
}

function fire(el: HTMLMediaElement, type: string, duration?: number) {
  if (duration !== undefined)
    Object.defineProperty(el, 'duration', { configurable: true, value: duration });
  act(() => {
    el.dispatchEvent(new Event(type));
  });
}

describe('WaveformPlayer', () => {
  it('renders a labelled Play button and a seek slider with aria values', () => {
    render(<WaveformPlayer src="/media/aria.mp3" label="Preview of Aria" />);
    expect(screen.getByRole('button', { name: 'Play Preview of Aria' })).toBeEnabled();

    const slider = screen.getByRole('slider', { name: 'Seek Preview of Aria' });
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    const audio = audioFor('Preview of Aria');
    fire(audio, 'loadedmetadata', 12);
    expect(slider).toHaveAttribute('aria-valuemax', '12');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 0:12');
    expect(screen.getByText('0:00 / 0:12')).toBeInTheDocument();

    audio.currentTime = 3.4;
    fire(audio, 'timeupdate');
    expect(slider).toHaveAttribute('aria-valuenow', '3.4');
    expect(slider).toHaveAttribute('aria-valuetext', '0:03 of 0:12, paused');
    expect(screen.getByText('0:03 / 0:12')).toBeInTheDocument();
  });

  it('loads on mount from an absolute URL and reports the duration', () => {
    const onReady = vi.fn();
    render(<WaveformPlayer src="/media/aria.mp3" label="Aria" onReady={onReady} />);
    const audio = audioFor('Aria');
    expect(audio.src).toBe(new URL('/media/aria.mp3', document.baseURI).href);
    expect(audio.preload).toBe('metadata');
    fire(audio, 'loadedmetadata', 8);
    expect(onReady).toHaveBeenCalledWith(8);
  });

  it('seeks with the keyboard: arrows 1 s, Shift+arrows and Page keys 10 s, Home and End', async () => {
    const user = userEvent.setup();
    render(<WaveformPlayer src="/a.mp3" label="Clip" />);
    const audio = audioFor('Clip');
    fire(audio, 'loadedmetadata', 21.5);
    const slider = screen.getByRole('slider', { name: 'Seek Clip' });
    act(() => slider.focus());

    await user.keyboard('{ArrowRight}');
    expect(audio.currentTime).toBe(1);
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    expect(slider).toHaveAttribute('aria-valuemax', '21.5');
    expect(slider).toHaveAttribute('aria-valuetext', '0:01 of 0:21, paused');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(audio.currentTime).toBe(11);
    await user.keyboard('{ArrowUp}{PageUp}');
    expect(audio.currentTime).toBe(21.5);
    await user.keyboard('{PageDown}{ArrowLeft}{ArrowDown}');
    expect(audio.currentTime).toBe(9.5);
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(audio.currentTime).toBe(0);
    await user.keyboard('{End}');
    expect(audio.currentTime).toBe(21.5);
    expect(screen.getByText('0:21 / 0:21')).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(audio.currentTime).toBe(0);
  });

  it('plays and pauses with Space on the focused slider, without scrolling the page', () => {
    render(<WaveformPlayer src="/a.mp3" label="Clip" />);
    fire(audioFor('Clip'), 'loadedmetadata', 12);
    const slider = screen.getByRole('slider', { name: 'Seek Clip' });
    act(() => slider.focus());

    // fireEvent returns false when the handler called preventDefault (no page scroll).
    expect(fireEvent.keyDown(slider, { key: ' ' })).toBe(false);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 0:12, playing');
    expect(screen.getByRole('button', { name: 'Pause Clip' })).toBeInTheDocument();

    expect(fireEvent.keyDown(slider, { key: ' ' })).toBe(false);
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play Clip' })).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 0:12');
  });

  it('seeks to where the waveform is clicked', () => {
    render(<WaveformPlayer src="/a.mp3" label="Clip" />);
    const audio = audioFor('Clip');
    fire(audio, 'loadedmetadata', 10);
    const slider = screen.getByRole('slider', { name: 'Seek Clip' });
    vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 0, width: 200, height: 48 }),
    );
    fireEvent.pointerDown(slider, { clientX: 150, button: 0 });
    expect(audio.currentTime).toBe(2.5);
  });

  it("with loadOn='play' shows a placeholder and downloads nothing until Play", async () => {
    const user = userEvent.setup();
    render(<WaveformPlayer src="/media/aria.mp3" label="Preview of Aria" loadOn="play" />);
    const audio = audioFor('Preview of Aria');

    expect(screen.getByTestId('waveform-placeholder')).toBeInTheDocument();
    expect(audio).not.toHaveAttribute('src');
    expect(audio.preload).toBe('none');
    expect(screen.getByText('0:00 / -:--')).toBeInTheDocument();
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '0:00 of unknown length');
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Play Preview of Aria' }));
    expect(audio.src).toBe(new URL('/media/aria.mp3', document.baseURI).href);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause Preview of Aria' })).toBeInTheDocument();
  });

  it("with loadOn='play' lets wavesurfer fetch for the drawing only after Play", async () => {
    // With an AudioContext present the real wavesurfer is created, and fetches to decode.
    vi.stubGlobal('AudioContext', class {});
    const user = userEvent.setup();
    render(<WaveformPlayer src="/media/aria.mp3" label="Aria" loadOn="play" />);
    await act(async () => {});
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Play Aria' }));
    await vi.waitFor(() =>
      expect(fetchSpy).toHaveBeenCalledWith(
        new URL('/media/aria.mp3', document.baseURI).href,
        expect.anything(),
      ),
    );
    // The failed fetch costs only the drawing: the player still plays, with the placeholder.
    expect(screen.getByTestId('waveform-placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('follows the element: Pause while it plays, Play again when it pauses', async () => {
    const user = userEvent.setup();
    render(<WaveformPlayer src="/a.mp3" label="Clip" />);
    const audio = audioFor('Clip');

    fire(audio, 'play');
    expect(screen.getByRole('button', { name: 'Pause Clip' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause Clip' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play Clip' })).toBeInTheDocument();
    fire(audio, 'play');
    fire(audio, 'ended');
    expect(screen.getByRole('button', { name: 'Play Clip' })).toBeInTheDocument();
  });

  it('pressing Play on one player pauses the other', async () => {
    const user = userEvent.setup();
    render(
      <>
        <WaveformPlayer src="/a.mp3" label="Aria" />
        <WaveformPlayer src="/b.mp3" label="Bo" />
      </>,
    );
    const aria = audioFor('Aria');
    const bo = audioFor('Bo');

    fire(aria, 'play');
    expect(screen.getByRole('button', { name: 'Pause Aria' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play Bo' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    expect(vi.mocked(HTMLMediaElement.prototype.pause).mock.contexts[0]).toBe(aria);
    expect(screen.getByRole('button', { name: 'Play Aria' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause Bo' })).toBeInTheDocument();

    fire(aria, 'play');
    expect(vi.mocked(HTMLMediaElement.prototype.pause).mock.contexts[1]).toBe(bo);
  });

  it('releases the audio controller on unmount', () => {
    const { unmount } = render(<WaveformPlayer src="/a.mp3" label="Clip" />);
    fire(audioFor('Clip'), 'play');
    expect(audioController.current()).not.toBeNull();
    unmount();
    expect(audioController.current()).toBeNull();
  });

  it('shows a load error inline and disables Play', () => {
    render(<WaveformPlayer src="/missing.mp3" label="Clip" />);
    fire(audioFor('Clip'), 'error');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load audio');
    expect(screen.getByRole('button', { name: 'Play Clip' })).toBeDisabled();
  });

  it('gives a Blob an object URL and revokes it on change and unmount', () => {
    const create = vi
      .spyOn(URL, 'createObjectURL')
      .mockReturnValueOnce('blob:first')
      .mockReturnValueOnce('blob:second');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const first = new Blob(['1'], { type: 'audio/mpeg' });
    const { rerender, unmount } = render(<WaveformPlayer src={first} label="Line" />);
    expect(audioFor('Line').getAttribute('src')).toBe('blob:first');

    rerender(<WaveformPlayer src={first} label="Line" />);
    expect(create).toHaveBeenCalledTimes(1);

    rerender(<WaveformPlayer src={new Blob(['2'])} label="Line" />);
    expect(revoke).toHaveBeenCalledWith('blob:first');
    expect(audioFor('Line').getAttribute('src')).toBe('blob:second');

    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:second');
  });

  it('plays at once with autoPlay', () => {
    render(<WaveformPlayer src="/a.mp3" label="Line" autoPlay />);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause Line' })).toBeInTheDocument();
  });
});
