import { describe, expect, it } from 'vitest';
import { sandboxRequestSchema, sandboxResponseSchema } from './sandbox';
import { issuePaths, issuesOf } from './test-helpers';

describe('POST /v1/code/sandbox body', () => {
  it('requires a language and defaults packages to none', () => {
    expect(sandboxRequestSchema.parse({ language: 'python' })).toEqual({
      language: 'python',
      packages: [],
    });
    expect(issuesOf(sandboxRequestSchema, {})).toEqual([
      { path: 'language', message: 'language is required' },
    ]);
  });

  it('accepts the three languages and rejects ruby', () => {
    for (const language of ['python', 'javascript', 'typescript']) {
      expect(sandboxRequestSchema.safeParse({ language }).success).toBe(true);
    }
    expect(issuesOf(sandboxRequestSchema, { language: 'ruby' })).toEqual([
      { path: 'language', message: 'language must be one of python, javascript, typescript' },
    ]);
  });

  it('rejects empty package names and non-list packages', () => {
    expect(
      sandboxRequestSchema.parse({ language: 'python', packages: ['numpy'] }).packages,
    ).toEqual(['numpy']);
    expect(
      issuePaths(sandboxRequestSchema, { language: 'python', packages: ['numpy', ''] }),
    ).toEqual(['packages.1']);
    expect(issuePaths(sandboxRequestSchema, { language: 'python', packages: 'numpy' })).toEqual([
      'packages',
    ]);
  });
});

describe('sandbox response', () => {
  const data = {
    sandbox_id: 'sb_1',
    status: 'ready',
    language: 'python',
    created_at: '2025-03-01T12:00:00Z',
  };

  it('parses without trace_id and keeps unknown fields', () => {
    const body = { data: { ...data, region: 'eu' } };
    expect(sandboxResponseSchema.parse(body)).toEqual(body);
  });

  it('rejects a created_at that is not ISO 8601', () => {
    expect(issuePaths(sandboxResponseSchema, { data: { ...data, created_at: 'today' } })).toEqual([
      'data.created_at',
    ]);
  });
});
