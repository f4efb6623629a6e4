import { Link, getRouteApi } from '@tanstack/react-router';
import { Suspense, useCallback, useMemo } from 'react';
import { deferred } from '../../components/deferred';
import { PageShell } from '../../components/page-shell';
import { speechTabs, type TakeFilter } from './search';
import { SpeechTab } from './speech-tab';
import { TabStrip, tabClassName } from '../../components/tab-strip';
import { pageMeta } from '../../lib/page-meta';
import { useOpened } from '../../lib/use-opened';

const route = getRouteApi('/data/speech');
const tabLabels = { speech: 'Speech', extend: 'Extend' } as const;
// The Extend tab (its form, recorder button and timeline) loads when its tab is reached (a pointer
// over it, a finger on it, the focus): the Speech tab, shown first, neither waits nor pays for it.
const extendTab = deferred(() => import('./extend-tab').then((module) => module.ExtendTab));

export function SpeechPage() {
  const { tab, voice, hq, hkind, hsource } = route.useSearch();
  const navigate = route.useNavigate();
  // The chosen voice goes to the URL, so a reload or a shared link keeps it (and it wins over the draft).
  const onVoiceChange = useCallback(
    (voiceId: string) =>
      void navigate({ search: (prev) => ({ ...prev, voice: voiceId }), replace: true }),
    [navigate],
  );
  // Typing a search replaces the entry rather than adding one per keystroke to Back.
  const historyFilter = useMemo(
    () => ({
      filter: { hq, hkind, hsource },
      onFilterChange: (patch: Partial<TakeFilter>) =>
        void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }),
    }),
    [navigate, hq, hkind, hsource],
  );

  // Each tab mounts when first shown and stays: a result is still there after a look at the other.
  const opened = useOpened(tab);

  return (
    <PageShell title={pageMeta.speech.heading} description={pageMeta.speech.summary}>
      <TabStrip label="Speech tools">
        {speechTabs.map((option) => (
          <Link
            key={option}
            to="/speech"
            search={(prev) => ({ ...prev, tab: option })}
            role="tab"
            id={`speech-tab-${option}`}
            aria-controls={`speech-panel-${option}`}
            aria-selected={tab === option}
            className={tabClassName}
            {...(option === 'extend' && {
              onPointerEnter: extendTab.preload,
              onTouchStart: extendTab.preload,
              onFocus: extendTab.preload,
            })}
          >
            {tabLabels[option]}
          </Link>
        ))}
      </TabStrip>
      <div
        role="tabpanel"
        id="speech-panel-speech"
        aria-labelledby="speech-tab-speech"
        hidden={tab !== 'speech'}
        className="mt-6"
      >
        {opened.has('speech') && (
          <SpeechTab urlVoice={voice} onVoiceChange={onVoiceChange} historyFilter={historyFilter} />
        )}
      </div>
      <div
        role="tabpanel"
        id="speech-panel-extend"
        aria-labelledby="speech-tab-extend"
        hidden={tab !== 'extend'}
        className="mt-6"
      >
        {opened.has('extend') && (
          <Suspense
            fallback={
              <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
                Opening Extend…
              </p>
            }
          >
            <extendTab.Component />
          </Suspense>
        )}
      </div>
    </PageShell>
  );
}
