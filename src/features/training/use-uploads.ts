import { useCallback, useRef, useState } from 'react';
import type { FilePurpose, UploadedFile } from '../../api/contract/files';
import { uploadFileWithProgress } from '../../api/upload';
import type { Upload } from './starts/create-job';

export interface UploadState {
  filename: string;
  loaded: number;
  total: number;
  status: 'uploading' | 'done' | 'failed';
}

/**
 * Uploads with progress, by the part's start key (progress[startKey]): while the page stays, a
 * second submit reuses an upload still on its way instead of sending the bytes again (the
 * start keeps finished ones). A failed upload is forgotten, so the next submit tries it again.
 */
export function useUploads() {
  const [progress, setProgress] = useState<Record<string, UploadState>>({});
  const done = useRef(new Map<string, Promise<UploadedFile>>());

  const upload: Upload = useCallback(
    (_part: string, input: { file: Blob; filename: string; purpose: FilePurpose }, key: string) => {
      const known = done.current.get(key);
      if (known) return known;
      const set = (state: Partial<UploadState>) =>
        setProgress((all) => ({
          ...all,
          [key]: {
            filename: input.filename,
            loaded: 0,
            total: input.file.size,
            status: 'uploading',
            ...all[key],
            ...state,
          },
        }));
      set({ loaded: 0, total: input.file.size, status: 'uploading' });
      const promise = uploadFileWithProgress(input, {
        onProgress: ({ loaded, total }) => set({ loaded, total }),
        startKey: key,
      }).then(
        (uploaded) => {
          setProgress((all) => {
            const state = all[key];
            return state
              ? { ...all, [key]: { ...state, loaded: state.total, status: 'done' } }
              : all;
          });
          return uploaded;
        },
        (error: unknown) => {
          done.current.delete(key);
          set({ status: 'failed' });
          throw error;
        },
      );
      done.current.set(key, promise);
      return promise;
    },
    [],
  );

  return { progress, upload };
}
