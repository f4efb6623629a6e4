import { describe, expect, it } from 'vitest';
import { scriptsFetched } from './lighthouse-scripts';

const page = 'http://127.0.0.1:4000/voices';

function report(items: unknown[]) {
  return {
    finalDisplayedUrl: page,
    audits: { 'network-requests': { details: { type: 'table', items } } },
  };
}

const request = (url: string, resourceType: string, transferSize: number) => ({
  url,
  resourceType,
  transferSize,
});

describe('the JavaScript a page fetched', () => {
  it('counts every script request and sums the bytes sent for them', () => {
    const fetched = scriptsFetched(
      report([
        request('http://127.0.0.1:4000/voices', 'Document', 900),
        request('http://127.0.0.1:4000/assets/index-a1.js', 'Script', 60_000),
        request('http://127.0.0.1:4000/assets/index-b2.css', 'Stylesheet', 5_000),
        request('http://127.0.0.1:4000/assets/voices-c3.js', 'Script', 12_500),
        request('http://127.0.0.1:4000/api/v1/voice/list', 'Fetch', 40_000),
        // A chunk fetched once the page was idle counts as well.
        request('http://127.0.0.1:4000/assets/waveform-d4.js', 'Script', 8_000),
      ]),
    );
    expect(fetched).toEqual({
      count: 3,
      transferBytes: 80_500,
      scripts: [
        { url: '/assets/index-a1.js', transferBytes: 60_000 },
        { url: '/assets/voices-c3.js', transferBytes: 12_500 },
        { url: '/assets/waveform-d4.js', transferBytes: 8_000 },
      ],
    });
  });

  it('names a script from another origin by its whole address', () => {
    const fetched = scriptsFetched(report([request('https://cdn.example/x.js', 'Script', 100)]));
    expect(fetched?.scripts).toEqual([{ url: 'https://cdn.example/x.js', transferBytes: 100 }]);
  });

  it('counts a script without a transfer size as 0 bytes, and skips malformed items', () => {
    const fetched = scriptsFetched(
      report([{ url: `${page}/a.js`, resourceType: 'Script' }, null, { resourceType: 'Script' }]),
    );
    expect(fetched).toMatchObject({ count: 1, transferBytes: 0 });
  });

  it('says nothing when the report lacks the audit or its table', () => {
    expect(scriptsFetched({ audits: {} })).toBeNull();
    expect(scriptsFetched({ audits: { 'network-requests': {} } })).toBeNull();
    expect(scriptsFetched({ audits: { 'network-requests': { details: {} } } })).toBeNull();
  });

  it('gives zero for a page that fetched no script', () => {
    expect(scriptsFetched(report([request(page, 'Document', 900)]))).toEqual({
      count: 0,
      transferBytes: 0,
      scripts: [],
    });
  });
});
