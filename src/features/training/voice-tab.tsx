import { useQueries } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from '../../lib/toast';
import { ErrorView } from '../../components/error-view';
import { budgetRefusalOf } from './budget-refusal';
import { BudgetRefusalView } from './components/budget-refusal-view';
import { LeaveGuard } from '../../components/leave-guard';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { keepIfSame, sameItems } from '../../lib/same-items';
import { selectTrackedJobs, useTrackedJobsSelection } from '../../lib/tracked-jobs';
import { trainingFieldLabels, urlLines, type VoiceFormValues } from './form-values';
import { JobCreated } from './components/job-created';
import { VoiceForm, type VoiceField } from './components/voice-form';
import { trainingQueries, useStartTraining } from './queries';
import { forgetUsedClips } from './kept-clips';
import { nextStart } from './starts/new-start';
import { partKey } from './starts/create-job';
import type { TrainingStart } from './starts/start-store';
import type { ShowStart } from './starts/use-starts';
import { useUploads } from './use-uploads';

const startingConsequence =
  'If you leave, the start goes on in the background and the job shows on the jobs board when it is created. Stay to follow the uploads here.';

/** The voice jobs known, kept as they were while a change of the list leaves them so. */
const voiceJobs = selectTrackedJobs(
  (jobs) => jobs.filter((job) => job.kind === 'voice'),
  sameItems,
);

/**
 * Custom voice: measures the clips, uploads the local ones, creates the job. `draft` is a start
 * that stopped (refused, cancelled) opened again in the form: submitting fixes it.
 *
 * Drawn again only when its own props change: the page around it redraws as its list of
 * stopped starts arrives, and the form would be drawn again with it for nothing.
 */
export const VoiceTab = memo(function VoiceTab({
  draft,
  onShown,
}: {
  draft?: TrainingStart | undefined;
  onShown: ShowStart;
}) {
  const [clips, setClips] = useState<File[]>([]);
  const [urls, setUrls] = useState<string[]>([]);
  // The form reports its lists as it mounts and whenever a field changes: the same items again
  // draw nothing (the page is being taken over as it mounts).
  const setClipsIfChanged = useCallback((next: File[]) => setClips(keepIfSame(next)), []);
  const setUrlsIfChanged = useCallback((next: string[]) => setUrls(keepIfSame(next)), []);
  // A new form after each job created: the next voice starts from empty fields.
  const [formKey, setFormKey] = useState(0);
  const uploads = useUploads();
  // Once the start holds the clips for good (stored, or the job created), the recordings among
  // them are let go; until then a reload or a failure loses none.
  const mutation = useStartTraining(uploads.upload, (start) => void forgetUsedClips(start.files));
  const jobs = useTrackedJobsSelection(voiceJobs);
  const started = mutation.variables;
  // The form shows this start's outcome (progress, error, Retry): the page lists it no more.
  const shownId = mutation.isSuccess ? null : (started?.id ?? null);
  useEffect(() => onShown(shownId), [shownId, onShown]);

  const clipChecks = useQueries({ queries: clips.map((file) => trainingQueries.voiceClip(file)) });
  const urlChecks = useQueries({ queries: urls.map((url) => trainingQueries.urlDuration(url)) });

  const checkOf = new Map(clips.map((file, i) => [file, clipChecks[i]]));
  const uploadOf = (start: TrainingStart, file: File) => {
    const i = start.files.indexOf(file);
    return i < 0 ? undefined : uploads.progress[partKey(start, `clip-${i}`)];
  };
  const clipView = (file: File) => {
    const check = checkOf.get(file);
    return {
      report: check?.data,
      checking: check?.isPending ?? true,
      error: check?.error?.message,
      upload: started && uploadOf(started, file),
    };
  };
  const urlClips = urls.map((url, i) => ({
    url,
    checking: urlChecks[i]?.isPending ?? true,
    durationS: urlChecks[i]?.data,
    error: urlChecks[i]?.error?.message,
  }));
  const clipSet = [
    ...clips.map((file, i) => ({
      name: file.name,
      report: clipChecks[i]?.data,
      source: 'file' as const,
    })),
    ...urlClips.map((clip) => ({
      name: clip.url,
      durationS: clip.durationS,
      source: 'url' as const,
    })),
  ];
  const measuring = [...clipChecks, ...urlChecks].some((check) => check.isPending);

  const serverErrors = useMemo(() => {
    const found = fieldErrorsFrom(
      mutation.error,
      ['name', 'reference_urls'] as const,
      trainingFieldLabels,
    );
    const errors: Partial<Record<VoiceField, string>> = {};
    if (found.name) errors.name = found.name;
    if (found.reference_urls) errors.urls = found.reference_urls;
    return errors;
  }, [mutation.error]);
  // A budget spent is no fault of the form: said above its submit, with no Retry that would
  // only meet the same refusal.
  const refusal = budgetRefusalOf(mutation.error);
  const takenBy = (name: string) => jobs.find((job) => job.name === name) ?? null;

  const start = (input: TrainingStart & { replaces?: string | undefined }) =>
    mutation.mutate(input, {
      onSuccess: (job) => {
        toast.success(`Voice training started: ${job.name}`, { description: job.task_id });
        setFormKey((key) => key + 1);
      },
    });
  const onSubmit = (values: VoiceFormValues) => {
    // The start the form holds (a draft opened, or a try that failed): fixed, or replaced.
    const previous = draft ?? (mutation.isSuccess ? undefined : started);
    const fields = {
      name: values.name,
      urls: urlLines(values.urls),
      dataset: null,
      files: values.clips,
    };
    start({ ...nextStart('voice', fields, previous), replaces: previous?.id });
  };
  // Retry sends what failed again; uploads already done are reused, not sent twice.
  const retry = () => started && start(started);
  const uploading = Object.values(uploads.progress).some((u) => u.status === 'uploading');

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
        <LeaveGuard
          active={mutation.isPending}
          title="The voice training is starting"
          consequence={startingConsequence}
        />
        <VoiceForm
          key={draft ? draft.id : formKey}
          {...(draft && {
            initial: {
              display_name: '',
              name: draft.name,
              urls: draft.urls.join('\n'),
              clips: draft.files,
            },
          })}
          onSubmit={onSubmit}
          pending={mutation.isPending}
          pendingLabel={uploading ? 'Uploading clips…' : 'Starting training…'}
          serverErrors={serverErrors}
          refusal={refusal && <BudgetRefusalView message={refusal} />}
          onClipsChange={setClipsIfChanged}
          onUrlsChange={setUrlsIfChanged}
          clipView={clipView}
          urlClips={urlClips}
          clipSet={clipSet}
          measuring={measuring}
          takenBy={takenBy}
        />
      </div>
      <aside className="space-y-4">
        {mutation.isSuccess && (
          <JobCreated
            what="voice"
            taskId={mutation.data.task_id}
            name={mutation.data.name}
            status={mutation.data.status}
          />
        )}
        {mutation.isError && !refusal && Object.keys(serverErrors).length === 0 && (
          <ErrorView
            error={mutation.error}
            labels={trainingFieldLabels}
            title="The voice training was not started"
            onRetry={retry}
            retrying={mutation.isPending}
          />
        )}
        <TrainingNotes />
      </aside>
    </div>
  );
});

function TrainingNotes() {
  return (
    <div className="rounded-2xl border border-zinc-200 bg-zinc-50 p-4 text-xs leading-relaxed text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-400">
      <p className="font-medium text-zinc-800 dark:text-zinc-200">Good reference clips</p>
      <ul className="mt-2 list-disc space-y-1 pl-4">
        <li>One speaker, no music or background voices.</li>
        <li>The same microphone and room for every clip.</li>
        <li>Speech around −20 LUFS with peaks below full scale: each clip’s report checks it.</li>
        <li>Little silence: Trim silence cuts the pauses at either end.</li>
      </ul>
    </div>
  );
}
