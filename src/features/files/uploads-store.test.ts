import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { listUploads, removeUpload, saveUpload } from './uploads-store';

const upload = (id: string, created_at: string) => ({
  file_id: id,
  filename: `${id}.wav`,
  size: 42,
  purpose: 'audio-input',
  created_at,
  content_type: 'audio/wav',
});

describe('uploads store', () => {
  it('lists saved uploads newest first, and removes them', async () => {
    await saveUpload(upload('file_old', '2025-01-01T00:00:00Z'));
    await saveUpload(upload('file_new', '2025-03-01T00:00:00Z'));
    await saveUpload(upload('file_mid', '2025-02-01T00:00:00+01:00'));
    expect((await listUploads()).map((u) => u.file_id)).toEqual([
      'file_new',
      'file_mid',
      'file_old',
    ]);
    expect((await listUploads())[0]).toEqual(upload('file_new', '2025-03-01T00:00:00Z'));

    await removeUpload('file_mid');
    expect((await listUploads()).map((u) => u.file_id)).toEqual(['file_new', 'file_old']);
  });

  it('overwrites an upload saved twice and rejects a malformed record', async () => {
    await saveUpload({ ...upload('file_x', '2025-04-01T00:00:00Z'), content_type: 'audio/mpeg' });
    await saveUpload({ ...upload('file_x', '2025-04-01T00:00:00Z'), content_type: 'audio/ogg' });
    const listed = (await listUploads()).filter((u) => u.file_id === 'file_x');
    expect(listed).toHaveLength(1);
    expect(listed[0]!.content_type).toBe('audio/ogg');
    await expect(saveUpload({ ...upload('bad', 'yesterday') })).rejects.toThrow();
  });

  it('keeps uploads where earlier versions did, and skips a record that no longer matches', async () => {
    await saveUpload(upload('file_kept', '2025-05-01T00:00:00Z'));
    // Renaming the database would lose every upload listed so far in this browser.
    const sameDatabase = createStore('media-studio-uploads', 'uploads');
    expect(await get('file_kept', sameDatabase)).toMatchObject({ file_id: 'file_kept' });
    await set('file_old_shape', { id: 'file_old_shape', name: 'old.wav' }, sameDatabase);

    const listed = (await listUploads()).map((u) => u.file_id);
    expect(listed).toContain('file_kept');
    expect(listed).not.toContain('file_old_shape');
  });
});
