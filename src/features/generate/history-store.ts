import type { HistorySource, HistoryStarter } from '../../api/contract/history';
import {
  createBrowserHistory,
  type HistoryRecord,
  type NewRecord,
} from '../../lib/browser-history';
import type { GenerateFormValues, GenerationBody, GenerationKind } from './generation-request';
import { localHistoryDatabases } from '../../lib/local-history-databases';

/** Enough to find a recent result again; results are URLs, so entries stay small. */
export const generationHistoryLimit = 100;

export interface GenerationFailure {
  code: string;
  message: string;
  status: number | null;
  traceId: string | null;
}

export type GenerationOutcome =
  | {
      status: 'succeeded';
      data: Record<string, unknown>;
      traceId: string | null;
      /** Unknown (null) for what the gateway recorded: it keeps no timings. */
      elapsedMs: number | null;
    }
  | { status: 'failed'; error: GenerationFailure };

export interface GenerationEntry extends HistoryRecord {
  kind: GenerationKind;
  /** The form as it was, for "reuse these settings". */
  form: GenerateFormValues;
  /**
   * The body as sent, key included, so the exact request can be copied again (a request
   * another client sent to the gateway may have had no key).
   */
  request: GenerationBody & { idempotency_key?: string };
  outcome: GenerationOutcome;
  /** In gateway mode, who sent it: this dashboard (in any browser) or another client. */
  source?: HistorySource;
  /** In gateway mode, who made it, when they were signed in. */
  startedBy?: HistoryStarter | null;
}

export type NewGenerationEntry = NewRecord<GenerationEntry>;

const history = createBrowserHistory<GenerationEntry>({
  database: localHistoryDatabases.generations,
  limit: generationHistoryLimit,
});

/** Newest first. */
export const listGenerations = () => history.list();
export const addGeneration = (entry: NewGenerationEntry) => history.add(entry);
export const removeGeneration = (id: string) => history.remove(id);
export const clearGenerations = () => history.clear();
