import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { measureAudioDuration } from './media-duration';

// jsdom never loads media, so the test plays the browser: it finds the element the function
// created and fires the events a browser would.
let created: HTMLAudioElement[];

beforeEach(() => {
  created = [];
  const createElement = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation(
    (tag: string, options?: ElementCreationOptions) => {
      const el = createElement(tag, options);
      if (el instanceof HTMLAudioElement) created.push(el);
      return el;
    },
  );
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:clip');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function loadMetadata(el: HTMLAudioElement, duration: number) {
  Object.defineProperty(el, 'duration', { configurable: true, value: duration });
  el.dispatchEvent(new Event('loadedmetadata'));
}

describe('measureAudioDuration', () => {
  it("reads a URL's duration from the element's metadata and drops the source", async () => {
    const measuring = measureAudioDuration('https://cdn.test/ref.mp3');
    const [el] = created;
    expect(el?.getAttribute('src')).toBe('https://cdn.test/ref.mp3');
    expect(el?.preload).toBe('metadata');
    loadMetadata(el!, 7.5);
    await expect(measuring).resolves.toBe(7.5);
    expect(el?.hasAttribute('src')).toBe(false);
  });

  it('uses an object URL for a Blob and revokes it', async () => {
    const measuring = measureAudioDuration(new Blob(['x'], { type: 'audio/wav' }));
    expect(created[0]?.getAttribute('src')).toBe('blob:clip');
    loadMetadata(created[0]!, 2);
    await expect(measuring).resolves.toBe(2);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:clip');
  });

  it('waits out an early durationchange without a value', async () => {
    const measuring = measureAudioDuration('https://cdn.test/a.mp3');
    const el = created[0]!;
    el.dispatchEvent(new Event('durationchange')); // duration is still NaN
    loadMetadata(el, 3);
    await expect(measuring).resolves.toBe(3);
  });

  it('rejects a URL the element cannot read', async () => {
    const measuring = measureAudioDuration('https://cdn.test/missing.mp3');
    created[0]!.dispatchEvent(new Event('error'));
    await expect(measuring).rejects.toThrow(/Could not read the audio/);
  });

  it('decodes a Blob with Web Audio when the element cannot read it', async () => {
    // 4.25 s at 44.1 kHz, counted in frames as decodeDuration does.
    const decodeAudioData = vi.fn().mockResolvedValue({ length: 187_425, sampleRate: 44_100 });
    vi.stubGlobal(
      'OfflineAudioContext',
      class {
        decodeAudioData = decodeAudioData;
      },
    );
    const measuring = measureAudioDuration(new Blob([new Uint8Array([1, 2, 3])]));
    created[0]!.dispatchEvent(new Event('error'));
    await expect(measuring).resolves.toBe(4.25);
    expect(decodeAudioData).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout with a clear message', async () => {
    vi.useFakeTimers();
    const measuring = measureAudioDuration('https://cdn.test/slow.mp3', { timeoutMs: 5000 });
    const assertion = expect(measuring).rejects.toThrow('Timed out after 5 s');
    await vi.advanceTimersByTimeAsync(5000);
    await assertion;
    expect(created[0]?.hasAttribute('src')).toBe(false);
  });
});
