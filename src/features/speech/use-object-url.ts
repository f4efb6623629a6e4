import { useCallback, useSyncExternalStore } from 'react';

interface ObjectUrl {
  url: string;
  users: number;
  timer?: ReturnType<typeof setTimeout>;
}

const objectUrls = new Map<Blob, ObjectUrl>();
/** Long enough for a remount (StrictMode, a re-keyed list) to take the URL over again. */
const releaseDelayMs = 1000;

function release(blob: Blob, entry: ObjectUrl) {
  clearTimeout(entry.timer);
  entry.timer = setTimeout(() => {
    if (entry.users > 0) return;
    URL.revokeObjectURL(entry.url);
    objectUrls.delete(blob);
  }, releaseDelayMs);
}

function objectUrlOf(blob: Blob): ObjectUrl {
  let entry = objectUrls.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0 };
    objectUrls.set(blob, entry);
    // Created during render: revoked again if no component ends up using it.
    release(blob, entry);
  }
  return entry;
}

const noop = () => {};

/**
 * An object URL for a Blob, shared by every component showing that Blob and revoked shortly
 * after the last one lets go, so replaced results do not keep their bytes alive.
 */
export function useObjectUrl(blob: Blob | null): string | null {
  const subscribe = useCallback(() => {
    if (!blob) return noop;
    const entry = objectUrlOf(blob);
    entry.users++;
    clearTimeout(entry.timer);
    return () => {
      entry.users--;
      if (entry.users === 0) release(blob, entry);
    };
  }, [blob]);
  return useSyncExternalStore(
    subscribe,
    () => (blob ? objectUrlOf(blob).url : null),
    () => null,
  );
}
