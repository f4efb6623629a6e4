import { useRef, useState } from 'react';
import { imageTools, videoTools } from '../../api/contract/tools';
import { Card } from '../../components/card';
import { ErrorView } from '../../components/error-view';
import { useCurlTarget } from '../../lib/curl-target';
import { GenerateForm } from './components/generate-form';
import { ResultPanel } from './components/result-panel';
import { issuesFromError } from './form-errors';
import { generationCurl } from './generation-curl';
import { GenerationHistory } from './generation-history';
import {
  emptyFormValues,
  generationFieldLabels,
  type GenerateFormValues,
  type GenerationBody,
  type GenerationKind,
} from './generation-request';
import type { GenerationEntry } from './history-store';
import { uploadToolInput, useGenerate } from './queries';
import type { HistoryFilters } from './search';
import { createSubmissionKeys } from './submission-keys';
import { fieldsForTool } from './tool-fields';

const catalogs = { image: imageTools, video: videoTools } as const;

interface GenerateTabProps {
  kind: GenerationKind;
  /** The history's search and filters, kept in the URL by the page. */
  filters: HistoryFilters;
  onFilter: (patch: HistoryFilters) => void;
}

/** One tab of the studio: the form, the latest result and this kind's history. */
export function GenerateTab({ kind, filters, onFilter }: GenerateTabProps) {
  const tools = catalogs[kind];
  const generate = useGenerate();
  const target = useCurlTarget();

  const keys = useRef(createSubmissionKeys());
  const running = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const [initial, setInitial] = useState({ values: emptyFormValues, version: 0 });
  const [shown, setShown] = useState<GenerationEntry | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);

  function submit(values: GenerateFormValues, body: GenerationBody) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    // Same body as a submission that has not succeeded yet: same key, so no second operation.
    const idempotencyKey = keys.current.keyFor(body);
    setStartedAt(performance.now());
    generate.mutate(
      { kind, form: values, body, idempotencyKey, signal: controller.signal },
      {
        onSuccess: (entry) => {
          keys.current.succeeded(idempotencyKey);
          setShown(entry);
        },
      },
    );
  }

  function retry() {
    const last = generate.variables;
    if (last) submit(last.form, last.body);
  }

  function reuse(entry: GenerationEntry) {
    setInitial((current) => ({ values: entry.form, version: current.version + 1 }));
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector('textarea')?.focus();
  }

  const selectedTool = tools.find((tool) => tool.name === generate.variables?.form.tool);
  const selectedFields = selectedTool ? fieldsForTool(selectedTool) : [];
  const requestIssues = generate.error
    ? issuesFromError(
        generate.error,
        selectedFields.map((field) => field.name),
        generationFieldLabels(selectedFields),
      )
    : [];
  const cancelled = generate.error && 'code' in generate.error && generate.error.code === 'aborted';

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div ref={formRef} className="scroll-mt-4">
          <Card
            labelledBy={`generate-${kind}-form`}
            title={kind === 'image' ? 'New image' : 'New video'}
          >
            <GenerateForm
              kind={kind}
              tools={tools}
              initial={initial}
              pending={generate.isPending}
              onSubmit={submit}
              onCancel={() => running.current?.abort()}
              requestIssues={requestIssues}
              upload={uploadToolInput}
              curlFor={(body) => generationCurl(kind, body, target)}
            />
          </Card>
        </div>
        <div className="space-y-4">
          {generate.isError && !cancelled && (
            <ErrorView
              title="The service refused the request"
              error={generate.error}
              labels={generationFieldLabels(selectedFields)}
              onRetry={retry}
              retrying={generate.isPending}
            />
          )}
          {cancelled && (
            <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
              Cancelled. Generating again with the same settings reuses the same request, so the
              service does not start a second one.
            </p>
          )}
          <ResultPanel
            kind={kind}
            pending={generate.isPending}
            startedAt={startedAt}
            entry={shown}
            curl={shown ? generationCurl(kind, shown.request, target) : null}
          />
        </div>
      </div>
      <GenerationHistory
        kind={kind}
        filters={filters}
        onFilter={onFilter}
        selectedId={shown?.id ?? null}
        curlFor={(entry) => generationCurl(entry.kind, entry.request, target)}
        onShow={setShown}
        onReuse={reuse}
        onRemoving={(entry) => {
          if (!entry || shown?.id === entry.id) setShown(null);
        }}
      />
    </div>
  );
}
