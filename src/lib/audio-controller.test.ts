import { afterEach, describe, expect, it, vi } from 'vitest';
import { audioController, claimMediaElement, type AudioOwner } from './audio-controller';

function owner() {
  return { pause: vi.fn<() => void>() } satisfies AudioOwner;
}

/** A real jsdom <audio>, with pause() overridden since jsdom does not implement playback. */
function audioElement() {
  const el = document.createElement('audio');
  const pause = vi.fn<() => void>();
  el.pause = pause;
  return { el, pause };
}

afterEach(() => {
  const current = audioController.current();
  if (current) audioController.release(current);
});

describe('audioController', () => {
  it('pauses the previous owner when another claims', () => {
    const a = owner();
    const b = owner();
    audioController.claim(a);
    expect(audioController.current()).toBe(a);
    audioController.claim(b);
    expect(a.pause).toHaveBeenCalledTimes(1);
    expect(b.pause).not.toHaveBeenCalled();
    expect(audioController.current()).toBe(b);
  });

  it('does not pause an owner that claims again', () => {
    const a = owner();
    audioController.claim(a);
    audioController.claim(a);
    expect(a.pause).not.toHaveBeenCalled();
  });

  it('releases only the current owner', () => {
    const a = owner();
    const b = owner();
    audioController.claim(a);
    audioController.claim(b);
    audioController.release(a);
    expect(audioController.current()).toBe(b);
    audioController.release(b);
    expect(audioController.current()).toBeNull();
  });

  it('keeps the new claim when the previous owner releases while being paused', () => {
    const a: AudioOwner = { pause: () => audioController.release(a) };
    const b = owner();
    audioController.claim(a);
    audioController.claim(b);
    expect(audioController.current()).toBe(b);
  });
});

describe('claimMediaElement', () => {
  it('claims on play, so a playing element pauses the one before it', () => {
    const first = audioElement();
    const second = audioElement();
    const stopFirst = claimMediaElement(first.el);
    const stopSecond = claimMediaElement(second.el);

    first.el.dispatchEvent(new Event('play'));
    expect(first.pause).not.toHaveBeenCalled();
    second.el.dispatchEvent(new Event('play'));
    expect(first.pause).toHaveBeenCalledTimes(1);
    expect(second.pause).not.toHaveBeenCalled();

    stopFirst();
    stopSecond();
  });

  it('pauses a plain element when another owner claims', () => {
    const video = audioElement();
    const stop = claimMediaElement(video.el);
    video.el.dispatchEvent(new Event('play'));
    audioController.claim(owner());
    expect(video.pause).toHaveBeenCalledTimes(1);
    stop();
  });

  it('releases on pause and on ended', () => {
    const { el } = audioElement();
    const stop = claimMediaElement(el);
    el.dispatchEvent(new Event('play'));
    expect(audioController.current()).not.toBeNull();
    el.dispatchEvent(new Event('pause'));
    expect(audioController.current()).toBeNull();
    el.dispatchEvent(new Event('play'));
    el.dispatchEvent(new Event('ended'));
    expect(audioController.current()).toBeNull();
    stop();
  });

  it('cleanup releases and stops listening', () => {
    const { el, pause } = audioElement();
    const stop = claimMediaElement(el);
    el.dispatchEvent(new Event('play'));
    stop();
    expect(audioController.current()).toBeNull();
    el.dispatchEvent(new Event('play'));
    expect(audioController.current()).toBeNull();
    audioController.claim(owner());
    expect(pause).not.toHaveBeenCalled();
  });
});
