import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as KeptClips from './kept-clips';
import type * as RecordingsStore from '../../lib/recordings-store';
import type * as Take from '../../components/recorder/take';
import { freshBrowserIndexedDb } from '../../test/browser-indexeddb';

let store: typeof RecordingsStore;
let clips: typeof KeptClips;
let takes: typeof Take;

/** fake-indexeddb copies with Node's structuredClone, which cannot copy jsdom's Files. */

beforeEach(async () => {
  freshBrowserIndexedDb();
  store = await import('../../lib/recordings-store');
  clips = await import('./kept-clips');
  takes = await import('../../components/recorder/take');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const wav = (name: string, text = name) => new File([text], name, { type: 'audio/wav' });
const keptNames = async () => (await store.keptRecordings('voice')).map((file) => file.name);

describe('kept clips of the voice form', () => {
  it('a trimmed recording takes the kept take’s place; a trimmed upload is not kept', async () => {
    await store.keepRecording('voice', wav('Recording 1.wav'));
    await store.keepRecording('voice', wav('Recording 2.wav'));
    const [first] = await clips.restoreRecordings();
    expect(clips.isRecorded(first!)).toBe(true);

    const trimmed = wav('Recording 1.wav', 'shorter');
    await clips.replaceClip(first!, trimmed);
    const kept = await store.keptRecordings('voice');
    expect(kept.map((file) => file.name)).toEqual(['Recording 1.wav', 'Recording 2.wav']);
    expect(await kept[0]!.text()).toBe('shorter');
    expect(clips.isRecorded(trimmed)).toBe(true);

    const upload = wav('upload.wav');
    await clips.replaceClip(upload, wav('upload.wav', 'cut'));
    expect(await keptNames()).toEqual(['Recording 1.wav', 'Recording 2.wav']);
  });

  it('forgets the recordings a start now holds, and only those', async () => {
    await store.keepRecording('voice', wav('Recording 1.wav'));
    await store.keepRecording('voice', wav('Recording 2.wav'));
    const [first] = await clips.restoreRecordings();
    const recorded = wav('Recording 3.wav');
    await store.keepRecording('voice', recorded);
    clips.markRecorded(recorded);
    // An upload that happens to share a recording's name is not one.
    await clips.forgetUsedClips([first!, recorded, wav('Recording 2.wav')]);
    expect(await keptNames()).toEqual(['Recording 2.wav']);
  });

  it('names a recording made after a start let the others go apart from them, so removing or trimming those keeps it', async () => {
    // The recorder, given the names in the form as it keeps each take.
    const form: File[] = [];
    const record = async (bytes: string) => {
      const { file } = await takes.keepTake(
        'voice',
        { wav: new Blob([bytes], { type: 'audio/wav' }), durationS: 6 },
        form.map((clip) => clip.name),
      );
      clips.markRecorded(file);
      form.push(file);
      return file;
    };
    const [first, second] = [await record('one'), await record('two'), await record('three')];
    // A start held the three and let them go, then failed: the form still shows them.
    await clips.forgetUsedClips(form);
    expect(await keptNames()).toEqual([]);

    const next = await record('four');
    expect(next.name).toBe('Recording 4.wav');
    await clips.forgetClip(first!);
    await clips.replaceClip(second!, wav('Recording 2.wav', 'two, trimmed'));

    const kept = await store.keptRecordings('voice');
    expect(kept.map((file) => file.name)).toEqual(['Recording 4.wav', 'Recording 2.wav']);
    expect(await kept[0]!.text()).toBe('four');
  });
});
