import type { HistoryEntry } from '../../../api/contract/history';
import { historyEntryOf } from '../../../test/history-entry';

/** An image generation as the gateway's history returns it; fields replaced by `overrides`. */
export function historyEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return historyEntryOf({
    id: 'gen_1',
    kind: 'image',
    name: 'A red bicycle',
    params: {
      prompt: 'A red bicycle',
      tool: 'generate_image_15',
      parameters: { size: '1344x768', seed: 4242, negative_prompt: 'blurry' },
      idempotency_key: 'key-1',
    },
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    status: 'completed',
    latest: {
      id: 'gen_1',
      status: 'completed',
      outputs: [{ url: '/media/gen_1-0.png', content_type: 'image/png', width: 1344 }],
    },
    result: { urls: ['/media/gen_1-0.png'], file_ids: [] },
    ...overrides,
  });
}
