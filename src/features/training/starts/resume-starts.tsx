import { useEffect, useRef } from 'react';
import type { FinishCallbacks } from './finish-with-toast';

/**
 * Mounted once per page load: finishes every start an earlier page left on its way (a reload,
 * a closed tab, a crash). Renders nothing; its code (the start store, the upload and toast
 * parts) loads with it in the background, not with the page that first needs the shell.
 */
export function ResumeStarts(callbacks: FinishCallbacks) {
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  useEffect(() => {
    let stopped = false;
    const navigation: FinishCallbacks = {
      onOpenJob: (taskId) => latest.current.onOpenJob(taskId),
      onOpenDrafts: () => latest.current.onOpenDrafts(),
    };
    void import('./resume-all')
      .then(({ resumeAll }) => resumeAll(navigation, () => stopped))
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, []);
  return null;
}
