import type { AnyRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useRunningJobCount } from '../lib/running-jobs';
import { documentTitle, pageMetaFor } from '../lib/page-meta';

function setMetaDescription(content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  if (tag.content !== content) tag.content = content;
}

/**
 * The tab's title and the page's description follow the route: a row of tabs, a bookmark and
 * a shared link name the page, and "(2) …" says two jobs are running.
 */
export function useDocumentHead(router: AnyRouter) {
  const running = useRunningJobCount();
  useEffect(() => {
    const apply = () => {
      const meta = pageMetaFor(router.state.location.pathname);
      // The prerendered page has them already: writing the same again would still replace the
      // title's text and tell the browser, a task's worth of work on a phone as the app starts.
      const title = documentTitle(meta, running);
      if (document.title !== title) document.title = title;
      setMetaDescription(meta.summary);
    };
    apply();
    return router.subscribe('onResolved', apply);
  }, [router, running]);
}
