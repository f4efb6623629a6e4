import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { describeErrorDetail } from '../../api/contract/error-detail';
import { isTerminalSpeechTaskStatus } from '../../api/contract/speech-task-status';
import { Card } from '../../components/card';
import { ErrorView } from '../../components/error-view';
import { voiceQueries } from '../../lib/voice-queries';
import { SpeechForm } from './components/speech-form';
import { SpeechResult } from './components/speech-result';
import { TaskStatus } from './components/task-status';
import { initialSpeechValues, loadSpeechDraft, saveSpeechDraft } from './draft-store';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { readConnection } from '../../lib/connection-settings';
import { buildAudioFileName } from './file-name';
import {
  speechQueries,
  useAddToHistory,
  useCreateSpeechTask,
  useSynthesizeSpeech,
} from './queries';
import type { HistoryFilterProps } from './components/history-section';
import { LocalSpeechHistory, SharedSpeechHistory } from './speech-history';
import { speechFieldLabels, speechFields, type SpeechFormValues } from './speech-form-values';

interface RunningTask {
  taskId: string;
  /** As the creation answered, shown until the first poll arrives. */
  status: string;
  settings: SpeechFormValues;
  createdAt: Date;
}

interface SpeechTabProps {
  /** The history's search and filters, kept in the URL. */
  historyFilter: HistoryFilterProps;
  /** A voice named in the URL: it wins over the draft's voice. */
  urlVoice: string | undefined;
  onVoiceChange: (voiceId: string) => void;
}

/** The Speech tab: reads the catalog, history and task, runs the mutations, renders by props. */
export function SpeechTab({ urlVoice, onVoiceChange, historyFilter }: SpeechTabProps) {
  const voices = useQuery(voiceQueries.list({ scope: 'all' }));
  const synthesize = useSynthesizeSpeech();
  const createTask = useCreateSpeechTask();
  const addToHistory = useAddToHistory();

  // Read once: later URL changes come from this form (picking a voice), not from outside.
  const [seed, setSeed] = useState(() => ({
    values: initialSpeechValues(loadSpeechDraft(), urlVoice),
    version: 0,
  }));
  const [mode, setMode] = useState<'sync' | 'async' | null>(null);
  const [task, setTask] = useState<RunningTask | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  const taskQuery = useQuery({ ...speechQueries.task(task?.taskId ?? ''), enabled: task !== null });
  const taskData = taskQuery.data?.data;
  const taskDone = taskData !== undefined && isTerminalSpeechTaskStatus(taskData.status);

  const catalog = useMemo(() => voices.data?.data.voices ?? [], [voices.data]);
  const voiceNames = useMemo(
    () => new Map(catalog.map((voice) => [voice.voice_id, voice.name])),
    [catalog],
  );
  const defaultVoiceId = catalog.find((voice) => voice.is_default)?.voice_id;

  // A completed task goes to this browser's history once (direct mode; the gateway keeps its
  // own), with the URL the service serves it at.
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!task || taskData?.status !== 'completed' || recorded.current === task.taskId) return;
    recorded.current = task.taskId;
    addToHistory.mutate({
      settings: task.settings,
      audio: null,
      audioUrl: taskData.audio_url ?? null,
      format: taskData.format ?? task.settings.format,
      created_at: task.createdAt.toISOString(),
      info: {
        durationMs: taskData.duration_s !== undefined ? taskData.duration_s * 1000 : undefined,
        sampleRate: taskData.sample_rate,
      },
      traceId: taskQuery.data?.trace_id ?? null,
    });
  }, [task, taskData, taskQuery.data?.trace_id, addToHistory]);

  const requestError =
    mode === 'sync' ? synthesize.error : (createTask.error ?? taskQuery.error ?? null);
  const serverErrors = useMemo(
    () => fieldErrorsFrom(requestError, speechFields, speechFieldLabels),
    [requestError],
  );
  const waiting = task !== null && !taskDone && !taskQuery.isError;
  const pending = synthesize.isPending || createTask.isPending || waiting;

  const submit = (values: SpeechFormValues) => {
    setMode(values.mode);
    if (values.mode === 'sync') {
      createTask.reset();
      setTask(null);
      synthesize.mutate(values);
    } else {
      synthesize.reset();
      setTask(null);
      createTask.mutate(values, {
        onSuccess: (response) =>
          setTask({
            taskId: response.data.task_id,
            status: response.data.status,
            settings: values,
            createdAt: new Date(),
          }),
      });
    }
  };

  // A failed poll asks again; a failed request is sent again with the values that failed.
  const retry = () => {
    if (taskQuery.isError) return void taskQuery.refetch();
    const failed = mode === 'sync' ? synthesize.variables : createTask.variables;
    if (failed) submit(failed);
  };

  // Stable, so the history's rows skip rendering when only the form changes.
  const applySettings = useCallback(
    (settings: SpeechFormValues) => {
      setSeed((current) => ({ values: settings, version: current.version + 1 }));
      if (settings.voice_id) onVoiceChange(settings.voice_id);
      formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    [onVoiceChange],
  );
  // Applied settings become the draft once the form they replace has gone: its unmount saves
  // what was typed in it, and saving them before would let that text come back on a reload.
  useEffect(() => {
    if (seed.version > 0) saveSpeechDraft(seed.values);
  }, [seed]);
  const History = readConnection().mode === 'gateway' ? SharedSpeechHistory : LocalSpeechHistory;

  const voiceName = (id: string) => voiceNames.get(id) ?? id;
  const output = mode === 'sync' ? synthesize.data : undefined;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <div ref={formRef} className="scroll-mt-6">
          <Card labelledBy="speech-form-title" title="Text to speech">
            <SpeechForm
              key={seed.version}
              defaultValues={seed.values}
              voices={catalog}
              voicesLoading={voices.isPending}
              voicesError={voices.error?.message}
              onRetryVoices={() => void voices.refetch()}
              defaultVoiceId={defaultVoiceId}
              onSubmit={submit}
              onDraftChange={saveSpeechDraft}
              onVoiceChange={onVoiceChange}
              pending={pending}
              pendingLabel={waiting ? 'Waiting for the task…' : 'Synthesizing…'}
              serverErrors={serverErrors}
            />
          </Card>
        </div>
        <Card labelledBy="speech-result-title" title="Result">
          <div className="space-y-4">
            {requestError && (
              <ErrorView
                title="Speech could not be made"
                error={requestError}
                labels={speechFieldLabels}
                onRetry={retry}
                retrying={pending}
              />
            )}
            {mode === 'sync' && synthesize.isPending && (
              <p role="status" className="text-sm text-zinc-500">
                Synthesizing…
              </p>
            )}
            {mode === 'async' && createTask.isPending && (
              <p role="status" className="text-sm text-zinc-500">
                Creating the task…
              </p>
            )}
            {task && !taskDone && !taskQuery.isError && (
              <TaskStatus taskId={task.taskId} status={taskData?.status ?? task.status} />
            )}
            {task && taskData?.status === 'failed' && (
              <ErrorView
                title="The speech task failed"
                error={
                  new ApiError({
                    ...describeErrorDetail(
                      taskData.error ?? { code: 'failed', message: 'The task failed.' },
                    ),
                    status: null,
                    traceId: taskQuery.data?.trace_id ?? null,
                  })
                }
              />
            )}
            {task && taskData?.status === 'completed' && taskData.audio_url && (
              <SpeechResult
                audio={taskData.audio_url}
                voiceName={voiceName(task.settings.voice_id)}
                fileName={buildAudioFileName(
                  task.settings.voice_id,
                  task.createdAt,
                  taskData.format ?? task.settings.format,
                )}
                facts={{
                  durationS: taskData.duration_s,
                  sampleRate: taskData.sample_rate,
                  format: taskData.format,
                  traceId: taskQuery.data?.trace_id,
                }}
              />
            )}
            {output && (
              <SpeechResult
                audio={output.audio}
                voiceName={voiceName(output.settings.voice_id)}
                fileName={buildAudioFileName(
                  output.settings.voice_id,
                  output.createdAt,
                  output.settings.format,
                )}
                facts={{
                  durationS: output.extraInfo && output.extraInfo.audio_duration / 1000,
                  sampleRate: output.extraInfo?.audio_sample_rate,
                  channels: output.extraInfo?.audio_channel,
                  bitrate: output.extraInfo?.bitrate,
                  size: output.extraInfo?.audio_size ?? output.audio.size,
                  format: output.settings.format,
                  traceId: output.traceId,
                }}
              />
            )}
            {mode === null && (
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                The audio appears here, ready to play and download.
              </p>
            )}
          </div>
        </Card>
      </div>
      <History voiceNames={voiceNames} onUse={applySettings} {...historyFilter} />
    </div>
  );
}
