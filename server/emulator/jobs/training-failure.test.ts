import { describe, expect, it } from 'vitest';
import { buildZip } from '../media/zip';
import { RemoteFetchError } from '../remote-fetch';
import { describeContent, fetchFailure } from './training-failure';

describe('fetchFailure', () => {
  const url = 'https://example.com/a.wav';
  it('restates a fetch error about the field that named the URL, with a code per reason', () => {
    expect(
      fetchFailure(new RemoteFetchError(`${url} answered HTTP 404`), 'reference_urls[2]', url),
    ).toMatchObject({
      code: 'input_unreachable',
      message: `reference_urls[2] (${url}) answered HTTP 404`,
    });
    const big = new RemoteFetchError(`${url} is larger than the 50 MB limit`, 'too_large');
    expect(fetchFailure(big, 'dataset', url)).toMatchObject({
      code: 'input_too_large',
      message: `dataset (${url}) is larger than the 50 MB limit`,
    });
    expect(fetchFailure(new Error('boom'), 'dataset', url).message).toBe(
      `dataset (${url}) could not be fetched`,
    );
  });
});

describe('describeContent', () => {
  it('names what bytes look like', () => {
    const text = (value: string) => new TextEncoder().encode(value);
    expect(describeContent(text('<!doctype html><p>hi'))).toBe('text/html');
    expect(describeContent(text('{"a":1}'))).toBe('application/json');
    expect(describeContent(text('plain words'))).toBe('text/plain');
    expect(describeContent(buildZip([]))).toBe('a zip archive');
    expect(describeContent(new Uint8Array())).toBe('an empty file');
    expect(describeContent(new Uint8Array([0, 0xff, 0, 0xfe]), 'application/pdf; x=1')).toBe(
      'application/pdf data',
    );
  });
});
