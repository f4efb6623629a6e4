import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from '../../lib/toast';
import { ErrorView } from '../../components/error-view';
import { budgetRefusalOf } from './budget-refusal';
import { BudgetRefusalView } from './components/budget-refusal-view';
import { LeaveGuard } from '../../components/leave-guard';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { keepIfSame } from '../../lib/same-items';
import { useTrackedJobs } from '../../lib/tracked-jobs';
import type { DatasetView } from './components/dataset-summary';
import { JobCreated } from './components/job-created';
import { LoraForm, type LoraField } from './components/lora-form';
import {
  isZip,
  loraFormDefaults,
  trainingFieldLabels,
  typedDataset,
  type LoraFormValues,
} from './form-values';
import { trainingQueries, useStartTraining, type LoraKind } from './queries';
import { recommendations } from './recommendations';
import { nextStart } from './starts/new-start';
import { partKey } from './starts/create-job';
import type { TrainingStart } from './starts/start-store';
import type { ShowStart } from './starts/use-starts';
import { useUploads } from './use-uploads';

const family = { music: 'audio', video: 'video' } as const;
const trackedKind = { music: 'music_lora', video: 'video_lora' } as const;
const what = { music: 'music LoRA', video: 'video LoRA' } as const;
/** Stands in for the zip while there is none, so the disabled query keeps one stable key. */
const noZip = new File([], 'none.zip');

/** A stopped start, as the form shows it again. */
function draftValues(draft: TrainingStart): LoraFormValues {
  const typed = draft.dataset;
  return {
    ...loraFormDefaults(),
    name: draft.name,
    source: typed === null ? 'local' : URL.canParse(typed) ? 'url' : 'file_id',
    url: typed !== null && URL.canParse(typed) ? typed : '',
    file_id: typed !== null && !URL.canParse(typed) ? typed : '',
    files: draft.files,
  };
}

interface LoraTabProps {
  form: LoraKind;
  initialFileId?: string | undefined;
  /** A start that stopped (refused, cancelled), opened again: submitting fixes it. */
  draft?: TrainingStart | undefined;
  onShown: ShowStart;
}

/** Music or video LoRA: checks the local dataset, zips and uploads it, creates the job. */
export function LoraTab({ form, initialFileId, draft, onShown }: LoraTabProps) {
  const [files, setFiles] = useState<File[]>([]);
  // The form reports its files as it mounts and whenever they change: the same ones again draw
  // nothing.
  const setFilesIfChanged = useCallback((next: File[]) => setFiles(keepIfSame(next)), []);
  // A new form after each job created: the next one starts from empty fields.
  const [formKey, setFormKey] = useState(0);
  const uploads = useUploads();
  const mutation = useStartTraining(uploads.upload);
  const jobs = useTrackedJobs();

  const zip = files.length === 1 && files[0] && isZip(files[0]) ? files[0] : null;
  const zipCheck = useQuery({
    ...trainingQueries.datasetZip(zip ?? noZip, family[form]),
    enabled: zip !== null,
  });
  const fileChecks = useQueries({
    queries: (zip ? [] : files).map((file) => trainingQueries.datasetFile(file, family[form])),
  });

  const dataset: DatasetView | null =
    files.length === 0
      ? null
      : zip
        ? {
            zipName: zip.name,
            checking: zipCheck.isPending,
            items: zipCheck.data ?? [],
            error: zipCheck.error?.message,
          }
        : {
            checking: fileChecks.some((q) => q.isPending),
            items: files.map(
              (file, i) =>
                fileChecks[i]?.data ?? {
                  name: file.name,
                  size: file.size,
                  format: null,
                  pending: true,
                },
            ),
          };

  const started = mutation.variables;
  // The form shows this start's outcome (progress, error, Retry): the page lists it no more.
  const shownId = mutation.isSuccess ? null : (started?.id ?? null);
  useEffect(() => onShown(shownId), [shownId, onShown]);
  const upload =
    started && started.dataset === null ? uploads.progress[partKey(started, 'dataset')] : undefined;

  const serverErrors = useMemo(
    () =>
      fieldErrorsFrom(mutation.error, ['name', 'dataset'] as const, trainingFieldLabels) as Partial<
        Record<LoraField, string>
      >,
    [mutation.error],
  );
  // A budget spent is no fault of the form: said above its submit, with no Retry that would
  // only meet the same refusal.
  const refusal = budgetRefusalOf(mutation.error);
  const takenBy = (name: string) =>
    jobs.find((job) => job.kind === trackedKind[form] && job.name === name) ?? null;

  const start = (input: TrainingStart & { replaces?: string | undefined }) =>
    mutation.mutate(input, {
      onSuccess: (job) => {
        toast.success(`${what[form]} training started: ${job.name}`, { description: job.task_id });
        setFormKey((key) => key + 1);
      },
    });
  const onSubmit = (values: LoraFormValues) => {
    const dataset = typedDataset(values);
    // The start the form holds (a draft opened, or a try that failed): fixed, or replaced.
    const previous = draft ?? (mutation.isSuccess ? undefined : started);
    const fields = {
      name: values.name,
      urls: [],
      dataset,
      files: dataset === null ? values.files : [],
    };
    start({ ...nextStart(trackedKind[form], fields, previous), replaces: previous?.id });
  };
  // Retry sends what failed again; uploads already done are reused, not sent twice.
  const retry = () => started && start(started);
  const { count, seconds, item } = recommendations[form];

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
        <LeaveGuard
          active={mutation.isPending}
          title={`The ${what[form]} training is starting`}
          consequence="If you leave, the start goes on in the background and the job shows on the jobs board when it is created. Stay to follow the upload here."
        />
        <LoraForm
          key={draft ? draft.id : formKey}
          {...(draft && { initial: draftValues(draft) })}
          form={form}
          initialFileId={initialFileId}
          onSubmit={onSubmit}
          pending={mutation.isPending}
          pendingLabel={
            upload?.status === 'uploading' ? 'Uploading dataset…' : 'Starting training…'
          }
          serverErrors={serverErrors}
          refusal={refusal && <BudgetRefusalView message={refusal} />}
          onFilesChange={setFilesIfChanged}
          dataset={dataset}
          upload={upload}
          takenBy={takenBy}
        />
      </div>
      <aside className="space-y-4">
        {mutation.isSuccess && (
          <JobCreated
            what={what[form]}
            taskId={mutation.data.task_id}
            name={mutation.data.name}
            status={mutation.data.status}
          />
        )}
        {mutation.isError && !refusal && Object.keys(serverErrors).length === 0 && (
          <ErrorView
            error={mutation.error}
            labels={trainingFieldLabels}
            title={`The ${what[form]} training was not started`}
            onRetry={retry}
            retrying={mutation.isPending}
          />
        )}
        <div className="rounded-2xl border border-zinc-200 bg-zinc-50 p-4 text-xs leading-relaxed text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-400">
          <p className="font-medium text-zinc-800 dark:text-zinc-200">Recommended dataset</p>
          <p className="mt-2">
            {count.min} to {count.max} {item}s of {seconds.min} to {seconds.max} s each.{' '}
            {form === 'music'
              ? 'Full songs are segmented automatically.'
              : 'Longer clips are chunked automatically.'}
          </p>
        </div>
      </aside>
    </div>
  );
}
