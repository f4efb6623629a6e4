// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../api/contract/history';
import { uploadFromShared } from './shared-upload';
import { historyEntryOf } from '../../test/history-entry';

function entry(patch: Partial<HistoryEntry>): HistoryEntry {
  return historyEntryOf({
    id: 'file_1',
    kind: 'upload',
    name: 'tone.wav',
    params: { filename: 'tone.wav', purpose: 'audio-input', size: 1200 },
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    status: 'completed',
    latest: {
      file_id: 'file_1',
      filename: 'tone.wav',
      size: 1200,
      purpose: 'audio-input',
      created_at: '2026-03-01T09:59:59.000Z',
    },
    result: { urls: [], file_ids: ['file_1'], size: 1200 },
    ...patch,
  });
}

describe('uploadFromShared', () => {
  it('lists the file the service answered with, under its file id', () => {
    expect(uploadFromShared(entry({}))).toMatchObject({
      file_id: 'file_1',
      filename: 'tone.wav',
      size: 1200,
      purpose: 'audio-input',
      created_at: '2026-03-01T10:00:00.000Z',
      fromOtherClient: false,
    });
  });

  it('falls back to the request when the answer is missing, and marks another client', () => {
    const upload = uploadFromShared(
      entry({
        latest: null,
        source: 'client',
        params: { filename: 'clip.mp4', purpose: 'video-input', size: 99 },
        result: { urls: [], file_ids: ['file_1'], content_type: 'video/mp4' },
      }),
    );
    expect(upload).toMatchObject({
      filename: 'clip.mp4',
      purpose: 'video-input',
      size: 99,
      content_type: 'video/mp4',
      fromOtherClient: true,
    });
  });

  it('takes each field from the answer where it is valid, and from the request where not', () => {
    const upload = uploadFromShared(
      entry({
        latest: { file_id: 'file_1', filename: 'final.wav', size: -3, purpose: 7 },
        params: { filename: 'take.wav', purpose: 'audio-input', size: 512 },
        result: { urls: [], file_ids: ['file_1'] },
      }),
    );
    expect(upload).toMatchObject({ filename: 'final.wav', size: 512, purpose: 'audio-input' });
    expect(upload).not.toHaveProperty('content_type');
  });

  it('names the row after the entry when neither the answer nor the request does', () => {
    const upload = uploadFromShared(
      entry({ latest: null, params: { size: '1200' }, result: null }),
    );
    expect(upload).toMatchObject({ filename: 'tone.wav', size: 0, purpose: 'general' });
  });

  it('falls back from an empty purpose in the answer', () => {
    const upload = uploadFromShared(
      entry({ latest: { filename: 'a.wav', size: 1, purpose: '' }, params: { purpose: '' } }),
    );
    expect(upload.purpose).toBe('general');
  });

  it('takes the size from the answer and the type from the result where both give one', () => {
    const upload = uploadFromShared(
      entry({
        latest: { filename: 'a.wav', size: 2048, purpose: 'general', content_type: 'audio/x-wav' },
        result: { urls: [], file_ids: ['file_1'], size: 1, content_type: 'audio/wav' },
      }),
    );
    expect(upload).toMatchObject({ size: 2048, content_type: 'audio/wav' });
  });

  it('keeps the answer over the request where both give a field', () => {
    const upload = uploadFromShared(
      entry({
        latest: {
          filename: 'final.wav',
          size: 2048,
          purpose: 'general',
          content_type: 'audio/wav',
        },
        params: { filename: 'draft.wav', purpose: 'audio-input', size: 1 },
        result: null,
      }),
    );
    expect(upload).toMatchObject({
      filename: 'final.wav',
      size: 2048,
      purpose: 'general',
      content_type: 'audio/wav',
    });
  });

  it('keeps the type an imported entry brings, for the preview', () => {
    const upload = uploadFromShared(
      entry({ result: { urls: [], file_ids: ['file_1'], content_type: 'audio/wav' } }),
    );
    expect(upload.content_type).toBe('audio/wav');
  });

  it('gives the same row for the same entry', () => {
    const same = entry({});
    expect(uploadFromShared(same)).toBe(uploadFromShared(same));
  });
});
