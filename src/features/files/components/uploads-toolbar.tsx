import { filePurposes } from '../../../api/contract/file-purposes';
import { OptionFilter, SearchField, SourceSelect } from '../../../components/list-filter';
import { purposeLabels } from '../purpose';
import type { FilesSearch } from '../search';

interface UploadsToolbarProps {
  filter: FilesSearch;
  onChange: (patch: Partial<FilesSearch>) => void;
  /** The gateway knows who uploaded each file; a browser on its own only knows its own. */
  bySource: boolean;
}

/** The uploads' search and filters; they live in the URL, so a filtered list can be shared. */
export function UploadsToolbar({ filter, onChange, bySource }: UploadsToolbarProps) {
  return (
    <div role="search" aria-label="Filter uploaded files" className="flex flex-wrap gap-2">
      <SearchField
        label="Search files"
        placeholder="Search by file name or file ID"
        value={filter.q}
        onChange={(q) => onChange({ q })}
      />
      <OptionFilter
        label="Purpose"
        all="All purposes"
        options={filePurposes}
        labels={purposeLabels}
        value={filter.purpose}
        onChange={(purpose) => onChange({ purpose })}
      />
      {bySource && (
        <SourceSelect value={filter.source} onChange={(source) => onChange({ source })} />
      )}
    </div>
  );
}
