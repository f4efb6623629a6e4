import type { SelectHTMLAttributes } from 'react';
import { languageName } from '../../../api/contract/language-names';
import { genderLabel } from '../voice-display';
import { voiceGenders, voiceSorts, type VoicesSearch } from '../search';
import { SearchBox } from './search-box';
import { compareNames } from '../../../lib/compare-text';

export type SearchPatch = Partial<Omit<VoicesSearch, 'scope'>>;

interface VoiceFiltersProps {
  search: VoicesSearch;
  /** Language codes to offer: those in the catalog. */
  languages: readonly string[];
  onChange: (patch: SearchPatch, options?: { replace?: boolean }) => void;
}

const sortLabels: Record<VoicesSearch['sort'], string> = {
  usage: 'Most used',
  name: 'Name (A–Z)',
};

export function VoiceFilters({ search, languages, onChange }: VoiceFiltersProps) {
  // A language in the URL that the catalog lacks stays selectable, so the select shows the truth.
  const codes =
    search.language && !languages.includes(search.language)
      ? [...languages, search.language]
      : languages;
  const options = codes
    .map((code) => ({ code, name: languageName(code) }))
    .sort((a, b) => compareNames(a.name, b.name));

  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchBox value={search.q} onSearch={(q) => onChange({ q }, { replace: true })} />
      <FilterSelect
        label="Language"
        value={search.language ?? ''}
        onChange={(event) =>
          onChange({ language: (event.target.value || undefined) as VoicesSearch['language'] })
        }
      >
        <option value="">All languages</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name} ({option.code})
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Gender"
        value={search.gender ?? ''}
        onChange={(event) =>
          onChange({ gender: (event.target.value || undefined) as VoicesSearch['gender'] })
        }
      >
        <option value="">Any gender</option>
        {voiceGenders.map((gender) => (
          <option key={gender} value={gender}>
            {genderLabel(gender)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Sort"
        value={search.sort}
        onChange={(event) => onChange({ sort: event.target.value as VoicesSearch['sort'] })}
      >
        {voiceSorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </FilterSelect>
    </div>
  );
}

function FilterSelect({
  label,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  return (
    <label className="relative flex h-11 items-center rounded-lg border border-zinc-300 bg-white shadow-xs focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 md:h-10 dark:border-zinc-700 dark:bg-zinc-900">
      <span className="sr-only">{label}</span>
      <select
        {...select}
        className="h-full cursor-pointer appearance-none rounded-lg bg-transparent pr-8 pl-3 text-sm font-medium focus-visible:outline-none dark:[color-scheme:dark]"
      >
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute right-2.5 size-4 text-zinc-400"
      >
        <path
          fillRule="evenodd"
          d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
          clipRule="evenodd"
        />
      </svg>
    </label>
  );
}
