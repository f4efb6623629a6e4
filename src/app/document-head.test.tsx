import type { AnyRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentTitle, pageMetaFor } from '../lib/page-meta';
import { useDocumentHead } from './document-head';

// No job running: the count's own reading of the tracked jobs (and the gateway's history it
// loads) is tested with it, not here.
vi.mock('../lib/running-jobs', () => ({ useRunningJobCount: () => 0 }));

/** The router as the hook reads it: the current address, and a subscription it never fires. */
function routerAt(pathname: string): AnyRouter {
  return {
    state: { location: { pathname } },
    subscribe: () => () => undefined,
  } as unknown as AnyRouter;
}

function Head({ router }: { router: AnyRouter }) {
  useDocumentHead(router);
  return null;
}

function headAs(title: string, description: string) {
  document.head.innerHTML = `<title>${title}</title><meta name="description" content="${description}">`;
}

const description = () =>
  document.head.querySelector('meta[name="description"]')?.getAttribute('content');

afterEach(() => {
  document.head.innerHTML = '';
});

describe('useDocumentHead', () => {
  it('names the page in the tab and in the description', () => {
    headAs('Media Studio', 'Somewhere else');
    render(<Head router={routerAt('/speech')} />);
    const meta = pageMetaFor('/speech');
    expect(document.title).toBe(documentTitle(meta, 0));
    expect(description()).toBe(meta.summary);
  });

  it('leaves a head that names the page already as it is, as a prerendered page has it', async () => {
    const meta = pageMetaFor('/speech');
    headAs(documentTitle(meta, 0), meta.summary);
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(document.head, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    render(<Head router={routerAt('/speech')} />);
    await Promise.resolve();
    changes.push(...observer.takeRecords());
    observer.disconnect();
    expect(changes).toEqual([]);
    expect(document.title).toBe(documentTitle(meta, 0));
  });
});
