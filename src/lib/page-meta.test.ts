import { describe, expect, it } from 'vitest';
import { documentTitle, pageMeta, pageMetaFor } from './page-meta';

describe('pageMetaFor', () => {
  it('names each page by its path, with or without a trailing slash', () => {
    expect(pageMetaFor('/')).toBe(pageMeta.home);
    expect(pageMetaFor('/generate')).toBe(pageMeta.generate);
    expect(pageMetaFor('/voices/')).toBe(pageMeta.voices);
    expect(pageMetaFor('/settings')).toBe(pageMeta.settings);
  });

  it('tells one job from the board, and an unknown path from both', () => {
    expect(pageMetaFor('/jobs')).toBe(pageMeta.jobs);
    expect(pageMetaFor('/jobs/task_1')).toBe(pageMeta.job);
    expect(pageMetaFor('/nowhere')).toBe(pageMeta.notFound);
    expect(pageMetaFor('/generate/extra')).toBe(pageMeta.notFound);
    expect(pageMetaFor('/constructor')).toBe(pageMeta.notFound);
  });
});

describe('documentTitle', () => {
  it('puts the page first and the running count before it', () => {
    expect(documentTitle(pageMeta.home, 0)).toBe('Media Studio');
    expect(documentTitle(pageMeta.jobs, 0)).toBe('Jobs · Media Studio');
    expect(documentTitle(pageMeta.jobs, 2)).toBe('(2) Jobs · Media Studio');
  });
});
