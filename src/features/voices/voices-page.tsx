import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useDeferredValue } from 'react';
import type { Voice, VoiceListResponse } from '../../api/contract/voices';
import { ErrorView } from '../../components/error-view';
import { PageHeader } from '../../components/page-header';
import { voiceQueries } from '../../lib/voice-queries';
import { ComparePanel } from './components/compare-panel';
import { ScopeTabs } from './components/scope-tabs';
import { TagChips } from './components/tag-chips';
import { VoiceFilters, type SearchPatch } from './components/voice-filters';
import { VoiceGrid } from './components/voice-grid';
import { EmptyCatalog, NoMatches, VoiceGridSkeleton } from './components/voice-list-states';
import { catalogFacts, hasActiveFilters, toggleTag } from './filter-voices';
import { useCompare } from './use-compare';
import { useVoiceView } from './use-voice-view';
import { pageMeta } from '../../lib/page-meta';
import { formatCount } from '../../lib/format-number';

const route = getRouteApi('/data/voices');
const noVoices: readonly Voice[] = [];

export function VoicesPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { scope, language } = search;

  // The scope's whole catalog: which languages exist, and the total in the header.
  const catalog = useQuery(voiceQueries.list({ scope }));
  const list = useQuery({
    ...voiceQueries.list({ scope, language }),
    // The scope's catalog already holds this language's voices: show them while the service answers.
    placeholderData: language && catalog.data ? onlyLanguage(catalog.data, language) : undefined,
  });
  const compare = useCompare();

  const voices = list.data?.data.voices;
  const shown = useVoiceView(voices, search);
  // Counting languages and tags walks the whole catalog: a new catalog's first cards paint
  // first, and the filters' choices follow in a render React can interrupt.
  const factsCatalog = useDeferredValue(catalog.data?.data.voices ?? noVoices, noVoices);
  const factsVoices = useDeferredValue(voices ?? noVoices, noVoices);
  const languages = catalogFacts(factsCatalog).languages;
  const tags = catalogFacts(factsVoices).tags;
  const total = catalog.data?.data.voices.length;

  const update = useCallback(
    (patch: SearchPatch, options?: { replace?: boolean }) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: options?.replace }),
    [navigate],
  );
  const clearFilters = () =>
    void navigate({ search: (prev) => ({ scope: prev.scope, sort: prev.sort }) });

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl">
      <PageHeader
        title={pageMeta.voices.heading}
        description={pageMeta.voices.summary}
        actions={
          // Always there, so the count arriving does not push the page down on a phone,
          // where it wraps under the heading. The list below says when it is loading.
          <p role="status" className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
            {total !== undefined && voices ? (
              <>
                <span className="font-semibold text-zinc-900 dark:text-zinc-100">
                  {formatCount(shown.length)}
                </span>{' '}
                of {formatCount(total)} {total === 1 ? 'voice' : 'voices'}
              </>
            ) : (
              '\u00a0'
            )}
          </p>
        }
      />
      <h2 id="page-title" className="sr-only">
        Voices
      </h2>

      <div className="space-y-4">
        <ScopeTabs scope={scope} />
        <VoiceFilters search={search} languages={languages} onChange={update} />
        <TagChips
          tags={tags}
          selected={search.tags ?? []}
          onToggle={(tag) => update({ tags: toggleTag(search.tags, tag) })}
          loading={list.isPending || factsVoices !== (voices ?? noVoices)}
        />
      </div>

      <div id="voice-results" role="tabpanel" aria-label="Voice results" className="mt-6">
        {list.isError ? (
          <ErrorView
            title="The voice catalog could not be loaded"
            error={list.error}
            retrying={list.isFetching}
            onRetry={() => void list.refetch()}
          />
        ) : !list.isPending && catalog.data?.data.voices.length === 0 ? (
          <EmptyCatalog scope={scope} />
        ) : !list.isPending && shown.length === 0 ? (
          <NoMatches onClear={clearFilters} />
        ) : (
          <>
            <div className="mb-3 flex min-h-6 items-center justify-between gap-3 text-xs text-zinc-500 dark:text-zinc-400">
              <p className="hidden sm:block">
                Arrow keys move between voices; Space plays or pauses the focused one.
              </p>
              {hasActiveFilters(search) && (
                <button
                  type="button"
                  onClick={clearFilters}
                  className="ml-auto rounded-md px-2 py-1 font-medium text-brand-600 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-zinc-800"
                >
                  Clear filters
                </button>
              )}
            </div>
            {/* Mounted, empty, while the catalog loads: its size is known by the time the
                voices arrive, so their first cards render in the same pass as the page. */}
            <VoiceGrid
              voices={shown}
              loading={list.isPending}
              scope={scope}
              compareIds={compare.ids}
              onToggleCompare={compare.toggle}
            />
            {list.isPending && <VoiceGridSkeleton />}
          </>
        )}
      </div>

      {compare.sides.length > 0 && (
        <ComparePanel
          sides={compare.sides}
          onRemove={compare.remove}
          onClose={compare.clear}
          onCompare={compare.speak}
        />
      )}
    </section>
  );
}

function onlyLanguage(response: VoiceListResponse, language: string): VoiceListResponse {
  const voices = response.data.voices.filter((voice) => voice.language === language);
  return { ...response, data: { ...response.data, voices, count: voices.length } };
}
