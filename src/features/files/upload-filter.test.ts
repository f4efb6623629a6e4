// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ListedUpload } from './shared-upload';
import { filterUploads, isUploadFilterActive, uploadFilterKey } from './upload-filter';

const upload = (file_id: string, patch: Partial<ListedUpload>): ListedUpload => ({
  file_id,
  filename: `${file_id}.bin`,
  size: 10,
  purpose: 'general',
  created_at: '2026-03-01T10:00:00.000Z',
  ...patch,
});

const uploads = [
  upload('file_a1', { filename: 'Narration-Take1.wav', purpose: 'audio-input' }),
  upload('file_b2', { filename: 'cover.png', purpose: 'image-input' }),
  upload('file_c3', { filename: 'intro.mp4', purpose: 'video-input', fromOtherClient: true }),
  upload('file_d4', { filename: 'dataset.zip', purpose: 'general' }),
];
const ids = (filter: Parameters<typeof filterUploads>[1]) =>
  filterUploads(uploads, filter).map((u) => u.file_id);

describe('filterUploads', () => {
  it('keeps every file, in order, without a filter or with a blank search', () => {
    expect(filterUploads(uploads, {})).toBe(uploads);
    expect(ids({ q: '  ' })).toEqual(['file_a1', 'file_b2', 'file_c3', 'file_d4']);
  });

  it('finds a file by its name or its file id', () => {
    expect(ids({ q: 'cover' })).toEqual(['file_b2']);
    expect(ids({ q: 'file_c3' })).toEqual(['file_c3']);
  });

  it('ignores case and the spaces around the search', () => {
    expect(ids({ q: ' narration-TAKE ' })).toEqual(['file_a1']);
    expect(ids({ q: 'FILE_D4' })).toEqual(['file_d4']);
  });

  it('finds nothing when nothing matches', () => {
    expect(ids({ q: 'missing.wav' })).toEqual([]);
  });

  it('keeps one purpose', () => {
    expect(ids({ purpose: 'audio-input' })).toEqual(['file_a1']);
    expect(ids({ purpose: 'image-input' })).toEqual(['file_b2']);
    expect(ids({ purpose: 'video-input' })).toEqual(['file_c3']);
    expect(ids({ purpose: 'general' })).toEqual(['file_d4']);
  });

  it('keeps what this dashboard uploaded, or what other clients sent', () => {
    expect(ids({ source: 'client' })).toEqual(['file_c3']);
    expect(ids({ source: 'dashboard' })).toEqual(['file_a1', 'file_b2', 'file_d4']);
  });

  it('combines the search and the filters', () => {
    expect(ids({ q: 'i', purpose: 'video-input', source: 'client' })).toEqual(['file_c3']);
    expect(ids({ q: 'cover', purpose: 'general' })).toEqual([]);
  });
});

describe('isUploadFilterActive and uploadFilterKey', () => {
  it('counts a filter as on only when it narrows something', () => {
    expect(isUploadFilterActive({})).toBe(false);
    expect(isUploadFilterActive({ q: ' ' })).toBe(false);
    expect(isUploadFilterActive({ q: 'a' })).toBe(true);
    expect(isUploadFilterActive({ purpose: 'general' })).toBe(true);
    expect(isUploadFilterActive({ source: 'dashboard' })).toBe(true);
  });

  it('gives the same key to searches that find the same files, another to another filter', () => {
    expect(uploadFilterKey({ q: 'Cover ' })).toBe(uploadFilterKey({ q: ' cover' }));
    expect(uploadFilterKey({})).not.toBe(uploadFilterKey({ purpose: 'general' }));
    expect(uploadFilterKey({ purpose: 'general' })).not.toBe(uploadFilterKey({ source: 'client' }));
  });
});
