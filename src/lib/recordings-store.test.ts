import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RecordingsStore from './recordings-store';
import { freshBrowserIndexedDb } from '../test/browser-indexeddb';

let store: typeof RecordingsStore;

beforeEach(async () => {
  // A database of its own for each test: the store keeps the opened one in its module.
  freshBrowserIndexedDb();
  store = await import('./recordings-store');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const wav = (name: string, text = name) =>
  new File([text], name, { type: 'audio/wav', lastModified: 1_700_000_000_000 });

async function names(purpose: RecordingsStore.RecordingPurpose) {
  return (await store.keptRecordings(purpose)).map((file) => file.name);
}

describe('keepRecording and keptRecordings', () => {
  it('gives back the kept files with their name, type, date and bytes, in the order kept', async () => {
    await store.keepRecording('voice', wav('Recording 2.wav', 'second'));
    await store.keepRecording('voice', wav('Recording 10.wav', 'tenth'));
    await store.keepRecording('voice', wav('Recording 1.wav', 'first'));

    const files = await store.keptRecordings('voice');
    expect(files.map((file) => file.name)).toEqual([
      'Recording 2.wav',
      'Recording 10.wav',
      'Recording 1.wav',
    ]);
    expect(files[0]).toBeInstanceOf(File);
    expect(files[0]!.type).toBe('audio/wav');
    expect(files[0]!.lastModified).toBe(1_700_000_000_000);
    expect(await files[1]!.text()).toBe('tenth');
  });

  it('keeps each form’s recordings apart', async () => {
    await store.keepRecording('voice', wav('Recording 1.wav', 'voice'));
    await store.keepRecording('extend', wav('Recording 1.wav', 'extend'));

    expect(await names('voice')).toEqual(['Recording 1.wav']);
    expect(await (await store.keptRecordings('extend'))[0]!.text()).toBe('extend');
  });

  it('replaces a recording of the same name in its place (a trimmed take)', async () => {
    await store.keepRecording('voice', wav('Recording 1.wav'));
    await store.keepRecording('voice', wav('Recording 2.wav', 'untrimmed'));
    await store.keepRecording('voice', wav('Recording 3.wav'));
    await store.keepRecording('voice', wav('Recording 2.wav', 'trimmed'));

    const files = await store.keptRecordings('voice');
    expect(files.map((file) => file.name)).toEqual([
      'Recording 1.wav',
      'Recording 2.wav',
      'Recording 3.wav',
    ]);
    expect(await files[1]!.text()).toBe('trimmed');
  });

  it('survives a new page load (the module opened again over the same database)', async () => {
    await store.keepRecording('extend', wav('Recording 1.wav', 'take'));
    vi.resetModules();
    const reloaded = await import('./recordings-store');

    const files = await reloaded.keptRecordings('extend');
    expect(files.map((file) => file.name)).toEqual(['Recording 1.wav']);
    expect(await files[0]!.text()).toBe('take');
  });
});

describe('forgetRecording', () => {
  it('forgets only the named recording of that form', async () => {
    await store.keepRecording('voice', wav('Recording 1.wav'));
    await store.keepRecording('voice', wav('Recording 2.wav'));
    await store.keepRecording('extend', wav('Recording 1.wav'));

    await store.forgetRecording('voice', 'Recording 1.wav');

    expect(await names('voice')).toEqual(['Recording 2.wav']);
    expect(await names('extend')).toEqual(['Recording 1.wav']);
  });

  it('does nothing for a name that is not kept', async () => {
    await store.keepRecording('voice', wav('Recording 1.wav'));
    await store.forgetRecording('voice', 'Recording 9.wav');
    expect(await names('voice')).toEqual(['Recording 1.wav']);
  });
});

describe('reserveRecordingName', () => {
  it('starts at 1 and goes one past the highest kept number, not filling gaps', async () => {
    expect(await store.reserveRecordingName('voice')).toBe('Recording 1.wav');
    await store.keepRecording('voice', wav('Recording 1.wav'));
    await store.keepRecording('voice', wav('Recording 3.wav'));
    await store.keepRecording('voice', wav('my clip.wav'));
    expect(await store.reserveRecordingName('voice')).toBe('Recording 4.wav');
    expect(await store.reserveRecordingName('extend')).toBe('Recording 1.wav');
  });

  it('never gives a number twice, even once the set is used up, and after a reload', async () => {
    const first = await store.reserveRecordingName('extend');
    await store.keepRecording('extend', wav(first));
    await store.forgetRecording('extend', first);
    expect(await store.reserveRecordingName('extend')).toBe('Recording 2.wav');
    // Reserved but never kept (the browser refused it): still given.
    vi.resetModules();
    const reloaded = await import('./recordings-store');
    expect(await reloaded.reserveRecordingName('extend')).toBe('Recording 3.wav');
  });

  it('skips the names already in the form, an upload named like a recording included', async () => {
    await store.keepRecording('voice', wav('Recording 1.wav'));
    const taken = ['Recording 1.wav', 'Recording 5.wav', 'interview.wav'];
    expect(await store.reserveRecordingName('voice', taken)).toBe('Recording 6.wav');
    expect(await store.reserveRecordingName('voice')).toBe('Recording 7.wav');
  });

  it('gives two recordings kept at once (two tabs) different names', async () => {
    const names = await Promise.all([
      store.reserveRecordingName('voice'),
      store.reserveRecordingName('voice'),
    ]);
    expect(new Set(names).size).toBe(2);
  });

  it('opens a database kept by the earlier version with its recordings', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    await new Promise<void>((resolve) => {
      const request = indexedDB.open('media-studio-recordings', 1);
      request.onupgradeneeded = () =>
        request.result.createObjectStore('recordings', { keyPath: ['purpose', 'name'] }).put({
          purpose: 'voice',
          name: 'Recording 2.wav',
          order: 1,
          file: wav('Recording 2.wav'),
        });
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    vi.resetModules();
    const upgraded = await import('./recordings-store');
    expect((await upgraded.keptRecordings('voice')).map((file) => file.name)).toEqual([
      'Recording 2.wav',
    ]);
    expect(await upgraded.reserveRecordingName('voice')).toBe('Recording 3.wav');
  });
});

describe('recordingNameAfter', () => {
  it('names the next recording where the browser keeps none (no storage)', () => {
    expect(store.recordingNameAfter([])).toBe('Recording 1.wav');
    expect(store.recordingNameAfter(['Recording 2.wav', 'take.wav', 'Recording 10.wav'])).toBe(
      'Recording 11.wav',
    );
  });
});
