import type { FilePurpose, UploadedFile } from '../../api/contract/files';
import { guessPurpose } from '../../lib/file-purpose';

/**
 * ready: chosen, purpose still editable; queued: waiting for a free slot; uploading: sending;
 * done / failed / cancelled: finished. A failed or cancelled item keeps its File, so Retry
 * never asks the user to pick it again.
 */
export type UploadStatus = 'ready' | 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadFailure {
  code: string;
  message: string;
  status: number | null;
}

export interface QueueItem {
  id: string;
  file: File;
  purpose: FilePurpose;
  status: UploadStatus;
  loaded: number;
  total: number;
  error: UploadFailure | null;
  result: UploadedFile | null;
}

export interface QueueState {
  items: QueueItem[];
}

export type QueueAction =
  | { type: 'add'; files: { id: string; file: File }[] }
  | { type: 'set-purpose'; id: string; purpose: FilePurpose }
  | { type: 'start'; ids?: string[] }
  | { type: 'begin'; id: string }
  | { type: 'progress'; id: string; loaded: number; total: number }
  | { type: 'done'; id: string; result: UploadedFile }
  | { type: 'fail'; id: string; error: UploadFailure }
  | { type: 'cancel'; id: string }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clear-finished' };

/** Uploads at the same time: enough to overlap latency, few enough to keep each one moving. */
export const uploadConcurrency = 2;

export const initialQueueState: QueueState = { items: [] };

const editable: ReadonlySet<UploadStatus> = new Set(['ready', 'failed', 'cancelled']);

export function canEditPurpose(item: QueueItem): boolean {
  return editable.has(item.status);
}

export function isActive(item: QueueItem): boolean {
  return item.status === 'queued' || item.status === 'uploading';
}

export function percentOf(item: Pick<QueueItem, 'loaded' | 'total' | 'status'>): number {
  if (item.status === 'done') return 100;
  if (item.total <= 0) return 0;
  return Math.min(100, Math.round((item.loaded / item.total) * 100));
}

function update(
  state: QueueState,
  id: string,
  change: (item: QueueItem) => QueueItem | null,
): QueueState {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.id !== id) return item;
    const next = change(item);
    if (!next) return item;
    changed = true;
    return next;
  });
  return changed ? { items } : state;
}

export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'add':
      return {
        items: [
          ...state.items,
          ...action.files.map(({ id, file }) => ({
            id,
            file,
            purpose: guessPurpose(file),
            status: 'ready' as const,
            loaded: 0,
            total: file.size,
            error: null,
            result: null,
          })),
        ],
      };
    case 'set-purpose':
      return update(state, action.id, (item) =>
        canEditPurpose(item) ? { ...item, purpose: action.purpose } : null,
      );
    case 'start': {
      const ids = action.ids ? new Set(action.ids) : null;
      let changed = false;
      const items = state.items.map((item) => {
        if (item.status !== 'ready' || (ids && !ids.has(item.id))) return item;
        changed = true;
        return { ...item, status: 'queued' as const };
      });
      return changed ? { items } : state;
    }
    case 'begin':
      return update(state, action.id, (item) =>
        item.status === 'queued' ? { ...item, status: 'uploading', loaded: 0 } : null,
      );
    case 'progress':
      // A late progress event after a cancel or a failure must not revive the row.
      return update(state, action.id, (item) =>
        item.status === 'uploading'
          ? { ...item, loaded: action.loaded, total: action.total || item.total }
          : null,
      );
    case 'done':
      return update(state, action.id, (item) =>
        isActive(item)
          ? { ...item, status: 'done', loaded: item.total, result: action.result, error: null }
          : null,
      );
    case 'fail':
      return update(state, action.id, (item) =>
        isActive(item) ? { ...item, status: 'failed', error: action.error } : null,
      );
    case 'cancel':
      return update(state, action.id, (item) =>
        isActive(item) ? { ...item, status: 'cancelled', error: null } : null,
      );
    case 'retry':
      return update(state, action.id, (item) =>
        item.status === 'failed' || item.status === 'cancelled'
          ? { ...item, status: 'queued', loaded: 0, error: null }
          : null,
      );
    case 'remove':
      return { items: state.items.filter((item) => item.id !== action.id || isActive(item)) };
    case 'clear-finished':
      return { items: state.items.filter((item) => item.status !== 'done') };
  }
}

/** The queued items that may start now, oldest first, given how many are running. */
export function nextToStart(state: QueueState, running: number): QueueItem[] {
  const free = Math.max(0, uploadConcurrency - running);
  return state.items.filter((item) => item.status === 'queued').slice(0, free);
}
