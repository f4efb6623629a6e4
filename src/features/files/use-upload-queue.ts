import { useBeforeUnload } from '../../lib/use-before-unload';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { isApiError } from '../../api/api-error';
import { useUploadFile } from './queries';
import {
  initialQueueState,
  isActive,
  nextToStart,
  queueReducer,
  type QueueItem,
  type UploadFailure,
} from './upload-queue';

let lastId = 0;
const nextId = () => `upload-${Date.now().toString(36)}-${++lastId}`;

function toFailure(error: unknown): UploadFailure {
  if (isApiError(error)) return { code: error.code, message: error.message, status: error.status };
  return {
    code: 'unknown_error',
    message: error instanceof Error ? error.message : String(error),
    status: null,
  };
}

/**
 * The upload queue: the reducer holds what the user sees; this hook starts queued items when
 * a slot is free and owns one AbortController per running upload.
 */
export function useUploadQueue() {
  const [state, dispatch] = useReducer(queueReducer, initialQueueState);
  const [announcement, setAnnouncement] = useState('');
  const controllers = useRef(new Map<string, AbortController>());
  const upload = useUploadFile();
  const { mutateAsync } = upload;

  const run = useCallback(
    (item: QueueItem) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      dispatch({ type: 'begin', id: item.id });
      const finish = () => controllers.current.delete(item.id);
      mutateAsync({
        file: item.file,
        purpose: item.purpose,
        signal: controller.signal,
        onProgress: ({ loaded, total }) =>
          dispatch({ type: 'progress', id: item.id, loaded, total }),
      }).then(
        (result) => {
          finish();
          dispatch({ type: 'done', id: item.id, result });
          setAnnouncement(`${item.file.name} uploaded.`);
          toast.success(`Uploaded ${item.file.name}`);
        },
        (error: unknown) => {
          finish();
          if (controller.signal.aborted) {
            dispatch({ type: 'cancel', id: item.id });
            setAnnouncement(`${item.file.name}: upload cancelled.`);
            return;
          }
          const failure = toFailure(error);
          dispatch({ type: 'fail', id: item.id, error: failure });
          setAnnouncement(`${item.file.name} failed to upload: ${failure.message}`);
        },
      );
    },
    [mutateAsync],
  );

  // Fill the free slots. The controllers map, not the rendered state, counts what runs, so a
  // second effect pass (StrictMode, a quick re-render) never starts the same item twice.
  useEffect(() => {
    const running = controllers.current;
    for (const item of nextToStart(state, running.size)) {
      if (!running.has(item.id)) run(item);
    }
  }, [state, run]);

  const uploading = state.items.some(isActive);
  // Leaving the page mid-upload would drop the bytes sent so far: let the browser ask first.
  useBeforeUnload(uploading);

  const actions = {
    add: (files: File[]) =>
      dispatch({ type: 'add', files: files.map((file) => ({ id: nextId(), file })) }),
    setPurpose: (id: string, purpose: QueueItem['purpose']) =>
      dispatch({ type: 'set-purpose', id, purpose }),
    startAll: () => dispatch({ type: 'start' }),
    start: (id: string) => dispatch({ type: 'start', ids: [id] }),
    cancel: (id: string) => {
      const controller = controllers.current.get(id);
      // A running upload reports its own cancellation once the request is aborted.
      if (controller) controller.abort();
      else dispatch({ type: 'cancel', id });
    },
    retry: (id: string) => dispatch({ type: 'retry', id }),
    remove: (id: string) => dispatch({ type: 'remove', id }),
    clearFinished: () => dispatch({ type: 'clear-finished' }),
  };

  return { items: state.items, uploading, announcement, actions };
}
