import { describe, expect, it } from 'vitest';
import { fileResponseSchema, fileUploadRequestSchema, fileUploadResponseSchema } from './files';
import { gatewayStatusSchema } from './gateway';
import { issuePaths, issuesOf } from './test-helpers';

const file = () => new Blob(['RIFF'], { type: 'audio/wav' });

describe('POST /v1/files/upload fields', () => {
  it('accepts a Blob or File with each purpose', () => {
    for (const purpose of ['image-input', 'video-input', 'audio-input', 'general']) {
      expect(fileUploadRequestSchema.safeParse({ file: file(), purpose }).success).toBe(true);
    }
    const named = new File(['x'], 'clip.wav', { type: 'audio/wav' });
    expect(fileUploadRequestSchema.parse({ file: named, purpose: 'general' }).file).toBe(named);
  });

  it('rejects other purposes', () => {
    expect(issuesOf(fileUploadRequestSchema, { file: file(), purpose: 'video' })).toEqual([
      {
        path: 'purpose',
        message: 'purpose must be one of image-input, video-input, audio-input, general',
      },
    ]);
  });

  it('rejects a missing, non-file or empty file', () => {
    expect(issuePaths(fileUploadRequestSchema, { purpose: 'general' })).toEqual(['file']);
    expect(issuePaths(fileUploadRequestSchema, { file: 'clip.wav', purpose: 'general' })).toEqual([
      'file',
    ]);
    expect(issuesOf(fileUploadRequestSchema, { file: new Blob([]), purpose: 'general' })).toEqual([
      { path: 'file', message: 'file must not be empty' },
    ]);
  });
});

describe('file responses', () => {
  const uploaded = {
    file_id: 'file_1',
    filename: 'clip.wav',
    size: 4,
    purpose: 'audio-input',
    created_at: '2025-03-01T12:00:00Z',
  };

  it('parse the upload response without trace_id, keeping unknown fields', () => {
    const body = { data: { ...uploaded, checksum: 'abc' } };
    expect(fileUploadResponseSchema.parse(body)).toEqual(body);
  });

  it('require url on retrieval and accept content_type', () => {
    const data = { ...uploaded, url: '/api/v1/files/file_1/content', content_type: 'audio/wav' };
    expect(fileResponseSchema.parse({ data, trace_id: 't' }).data.url).toBe(data.url);
    expect(issuePaths(fileResponseSchema, { data: uploaded })).toEqual(['data.url']);
  });

  it('reject a negative size', () => {
    expect(issuePaths(fileUploadResponseSchema, { data: { ...uploaded, size: -1 } })).toEqual([
      'data.size',
    ]);
  });
});

describe('gateway status', () => {
  it('parses both modes', () => {
    expect(
      gatewayStatusSchema.safeParse({
        mode: 'emulator',
        upstream_origin: null,
        credentials: false,
        database: 'sqlite',
      }).success,
    ).toBe(true);
    expect(
      gatewayStatusSchema.safeParse({
        mode: 'upstream',
        upstream_origin: 'https://api.example.com',
        credentials: true,
        database: 'postgres',
      }).success,
    ).toBe(true);
  });

  it('rejects an unknown mode and a missing origin', () => {
    expect(
      issuePaths(gatewayStatusSchema, {
        mode: 'proxy',
        upstream_origin: null,
        credentials: true,
        database: 'sqlite',
      }),
    ).toEqual(['mode']);
    expect(
      issuePaths(gatewayStatusSchema, { mode: 'emulator', credentials: true, database: 'sqlite' }),
    ).toEqual(['upstream_origin']);
    expect(
      issuePaths(gatewayStatusSchema, {
        mode: 'emulator',
        upstream_origin: null,
        credentials: true,
        database: 'mysql',
      }),
    ).toEqual(['database']);
  });
});
