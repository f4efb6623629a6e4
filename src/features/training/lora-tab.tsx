import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '../../lib/toast';
import { ErrorView } from '../../components/error-view';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { useTrackedJobs } from '../../lib/tracked-jobs';
import type { DatasetView } from './components/dataset-summary';
import { JobCreated } from './components/job-created';
import { LoraForm, type LoraField } from './components/lora-form';
import { isZip, typedDataset, type LoraFormValues } from './form-values';
import { datasetUploadKey, trainingQueries, useTrainLora, type LoraKind } from './queries';
import { recommendations } from './recommendations';
import { useUploads } from './use-uploads';

const family = { music: 'audio', video: 'video' } as const;
const trackedKind = { music: 'music_lora', video: 'video_lora' } as const;
const what = { music: 'music LoRA', video: 'video LoRA' } as const;
/** Stands in for the zip while there is none, so the disabled query keeps one stable key. */
const noZip = new File([], 'none.zip');

/** Music or video LoRA: checks the local dataset, zips and uploads it, creates the job. */
export function LoraTab({ form, initialFileId }: { form: LoraKind; initialFileId?: string }) {
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useUploads();
  const mutation = useTrainLora(form, uploads.upload);
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

  const variables = mutation.variables;
  const upload =
    variables && variables.dataset === null
      ? uploads.progress[datasetUploadKey(variables.name, variables.files)]
      : undefined;

  const serverErrors = useMemo(
    () =>
      fieldErrorsFrom(mutation.error, ['name', 'dataset'] as const) as Partial<
        Record<LoraField, string>
      >,
    [mutation.error],
  );
  const takenBy = (name: string) =>
    jobs.find((job) => job.kind === trackedKind[form] && job.name === name) ?? null;

  type Start = Parameters<typeof mutation.mutate>[0];
  const start = (input: Start) =>
    mutation.mutate(input, {
      onSuccess: (response) =>
        toast.success(`${what[form]} training started: ${response.data.name}`, {
          description: response.data.task_id,
        }),
    });
  const onSubmit = (values: LoraFormValues) =>
    start({ name: values.name, dataset: typedDataset(values), files: values.files });
  // Retry sends what failed again; uploads already done are reused, not sent twice.
  const retry = () => mutation.variables && start(mutation.variables);
  const { count, seconds, item } = recommendations[form];

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
        <LoraForm
          form={form}
          initialFileId={initialFileId}
          onSubmit={onSubmit}
          pending={mutation.isPending}
          pendingLabel={
            upload?.status === 'uploading' ? 'Uploading dataset…' : 'Starting training…'
          }
          serverErrors={serverErrors}
          onFilesChange={setFiles}
          dataset={dataset}
          upload={upload}
          takenBy={takenBy}
        />
      </div>
      <aside className="space-y-4">
        {mutation.isSuccess && (
          <JobCreated
            what={what[form]}
            taskId={mutation.data.data.task_id}
            name={mutation.data.data.name}
          />
        )}
        {mutation.isError && Object.keys(serverErrors).length === 0 && (
          <ErrorView
            error={mutation.error}
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
