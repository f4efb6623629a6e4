import { sandboxLanguages } from '../../../api/contract/sandbox-languages';
import { OptionFilter, SearchField } from '../../../components/list-filter';
import { languageLabels } from '../sandbox-form-values';
import { sandboxQueryMax, type SandboxSearch } from '../search';

interface SessionsFiltersProps {
  search: SandboxSearch;
  onChange: (patch: SandboxSearch) => void;
}

/** Search and language filter of the sandboxes; they live in the URL, so a view can be shared. */
export function SessionsFilters({ search, onChange }: SessionsFiltersProps) {
  return (
    <div role="search" aria-label="Filter sandboxes" className="flex flex-wrap items-center gap-2">
      <SearchField
        label="Search sandboxes"
        placeholder="Search by sandbox id, language or package"
        maxLength={sandboxQueryMax}
        value={search.q}
        onChange={(q) => onChange({ q })}
      />
      <OptionFilter
        label="Language"
        all="All languages"
        options={sandboxLanguages}
        labels={languageLabels}
        value={search.lang}
        onChange={(lang) => onChange({ lang })}
      />
    </div>
  );
}
