import type { HistoryEntry } from '../../api/contract/history';
import { formFromRequest } from './form-from-request';
import type { GenerationKind } from './generation-request';
import type { GenerationEntry, GenerationOutcome } from './history-store';

/** What came back: the service's `data` as recorded, or at least the output URLs. */
function outcomeOf(entry: HistoryEntry): GenerationOutcome {
  if (entry.status === 'failed' || entry.error) {
    return {
      status: 'failed',
      error: {
        code: entry.error?.code ?? 'failed',
        message: entry.error?.message ?? 'The service reported the generation as failed.',
        status: null,
        traceId: entry.trace_id,
      },
    };
  }
  const urls = entry.result?.urls ?? [];
  const data = entry.latest ?? (urls.length > 0 ? { outputs: urls.map((url) => ({ url })) } : {});
  return { status: 'succeeded', data, traceId: entry.trace_id, elapsedMs: entry.elapsed_ms };
}

/**
 * A generation of the gateway's history as the history list and result panel show it.
 * `params` is the body as the client sent it, so the request is rebuilt from it whole; a
 * missing tool is `auto`, which is what the service does without one.
 */
export function generationFromHistory(entry: HistoryEntry): GenerationEntry {
  const kind: GenerationKind = entry.kind === 'video' ? 'video' : 'image';
  const { params } = entry;
  return {
    id: entry.id,
    created_at: entry.created_at,
    order: Date.parse(entry.created_at) || 0,
    kind,
    form: formFromRequest(kind, params),
    request: {
      ...params,
      prompt: typeof params.prompt === 'string' ? params.prompt : '',
      tool: typeof params.tool === 'string' ? params.tool : 'auto',
    },
    outcome: outcomeOf(entry),
    source: entry.source,
    startedBy: entry.started_by,
  };
}

const mapped = new WeakMap<HistoryEntry, GenerationEntry>();

/** The same entry object gives the same generation object, so unchanged items skip work. */
export function cachedGenerationFromHistory(entry: HistoryEntry): GenerationEntry {
  let generation = mapped.get(entry);
  if (!generation) {
    generation = generationFromHistory(entry);
    mapped.set(entry, generation);
  }
  return generation;
}
