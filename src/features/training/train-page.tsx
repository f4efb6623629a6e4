import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { deferred, usePreloadWhenUsed } from '../../components/deferred';
import { PageShell } from '../../components/page-shell';
import { Staged } from '../../components/staged';
import { trainForms } from './search';
import { StartDrafts } from './starts/start-drafts';
import { startForms } from './starts/start-labels';
import { deleteStart, type TrainingStart } from './starts/start-store';
import { useStarts } from './starts/use-starts';
import { VoiceTab } from './voice-tab';
import { TabStrip, tabClassName } from '../../components/tab-strip';
import { pageMeta } from '../../lib/page-meta';
import { useOpened } from '../../lib/use-opened';

const route = getRouteApi('/data/train');

/**
 * The music and video LoRA forms: most visits train a voice, the first form, so their code
 * loads once someone uses the page (a pointer on the tabs, a key) or opens one of them.
 */
const loraTab = deferred(() => import('./lora-tab').then((module) => module.LoraTab));
const formLabels = { voice: 'Custom voice', music: 'Music LoRA', video: 'Video LoRA' } as const;

export function TrainPage() {
  const { form, dataset } = route.useSearch();
  const navigate = useNavigate();
  const starts = useStarts();
  // The draft opened in its form: it leaves the list while the form holds it.
  const [editingId, setEditingId] = useState<string | null>(null);
  // Each form mounts when first shown and stays: what was typed survives a look at another.
  const opened = useOpened(form);
  usePreloadWhenUsed(loraTab.preload);
  const editing = starts.data?.find((start) => start.id === editingId);
  // Once it is started (or replaced) from its form, it is gone from the store, and the form
  // starts over, empty.
  const [shown, setShown] = useState<Record<string, string | null>>({});
  // One stable callback per form, for the forms' effects.
  const [onShown] = useState(() =>
    Object.fromEntries(
      trainForms.map((option) => [
        option,
        // A form showing no start reports so as it mounts: nothing changes, nothing is drawn.
        (id: string | null) =>
          setShown((all) => ((all[option] ?? null) === id ? all : { ...all, [option]: id })),
      ]),
    ),
  );
  const inForms = new Set(Object.values(shown));
  const drafts = (starts.data ?? []).filter(
    (start) => start.state === 'draft' && start.id !== editingId && !inForms.has(start.id),
  );
  const draftFor = (option: (typeof trainForms)[number]) =>
    editing && startForms[editing.kind] === option ? editing : undefined;

  const edit = (draft: TrainingStart) => {
    setEditingId(draft.id);
    void navigate({ to: '/train', search: (prev) => ({ ...prev, form: startForms[draft.kind] }) });
  };
  // Its toast and upload code load on the click: most visits start nothing from here.
  const startAgain = (draft: TrainingStart) =>
    void import('./starts/finish-with-toast').then(({ finishWithToast }) =>
      finishWithToast(draft, 'again', {
        onOpenJob: (taskId) => void navigate({ to: '/jobs/$taskId', params: { taskId } }),
        onOpenDrafts: () => undefined,
      }),
    );
  const discard = (draft: TrainingStart) => {
    if (draft.id === editingId) setEditingId(null);
    void deleteStart(draft.id);
  };

  return (
    <PageShell title={pageMeta.train.heading} description={pageMeta.train.summary}>
      <StartDrafts drafts={drafts} onEdit={edit} onStart={startAgain} onDiscard={discard} />
      <TabStrip label="Training forms">
        {trainForms.map((option) => (
          <Link
            key={option}
            to="/train"
            search={(prev) => ({ ...prev, form: option })}
            role="tab"
            id={`train-tab-${option}`}
            aria-controls={`train-panel-${option}`}
            aria-selected={form === option}
            className={tabClassName}
          >
            {formLabels[option]}
          </Link>
        ))}
      </TabStrip>
      {trainForms.map((option) => (
        <div
          key={option}
          role="tabpanel"
          id={`train-panel-${option}`}
          aria-labelledby={`train-tab-${option}`}
          hidden={form !== option}
          className="mt-6"
        >
          {!opened.has(option) ? null : option === 'voice' ? (
            <Staged>
              <VoiceTab draft={draftFor(option)} onShown={onShown[option]!} />
            </Staged>
          ) : (
            <Suspense fallback={<FormPending label={formLabels[option]} />}>
              {/* The hand-over from Files goes to the form the link opened. */}
              <loraTab.Component
                form={option}
                initialFileId={form === option ? dataset : undefined}
                draft={draftFor(option)}
                onShown={onShown[option]!}
              />
            </Suspense>
          )}
        </div>
      ))}
    </PageShell>
  );
}

/** Where a form draws while its code arrives: announced, and about its height. */
function FormPending({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">Loading the {label} form…</span>
      <div className="h-10 w-full max-w-md motion-safe:animate-placeholder rounded-lg bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-64 w-full motion-safe:animate-placeholder rounded-xl bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
