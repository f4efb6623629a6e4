import clsx from 'clsx';
import { sandboxLanguages } from '../../../api/contract/sandbox';
import { filterFieldClass } from '../../../components/list-filter';
import { languageLabels } from '../queries';
import { sandboxQueryMax, type SandboxLanguage, type SandboxSearch } from '../search';

interface SessionsFiltersProps {
  search: SandboxSearch;
  onChange: (patch: SandboxSearch) => void;
}

/** Search and language filter of the sandboxes; they live in the URL, so a view can be shared. */
export function SessionsFilters({ search, onChange }: SessionsFiltersProps) {
  return (
    <div role="search" aria-label="Filter sandboxes" className="flex flex-wrap items-center gap-2">
      <input
        type="search"
        aria-label="Search sandboxes"
        placeholder="Search by sandbox id, language or package"
        maxLength={sandboxQueryMax}
        value={search.q ?? ''}
        onChange={(event) => onChange({ q: event.target.value || undefined })}
        className={clsx(filterFieldClass, 'min-w-56 flex-1')}
      />
      <select
        aria-label="Language"
        value={search.lang ?? ''}
        onChange={(event) =>
          onChange({ lang: (event.target.value || undefined) as SandboxLanguage | undefined })
        }
        className={filterFieldClass}
      >
        <option value="">All languages</option>
        {sandboxLanguages.map((language) => (
          <option key={language} value={language}>
            {languageLabels[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
