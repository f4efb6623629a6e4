import clsx from 'clsx';
import { filePurposes, type FilePurpose } from '../../../api/contract/files';
import { filterFieldClass, SourceSelect } from '../../../components/list-filter';
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
      <input
        type="search"
        aria-label="Search files"
        placeholder="Search by file name or file ID"
        maxLength={200}
        value={filter.q ?? ''}
        onChange={(event) => onChange({ q: event.target.value || undefined })}
        className={clsx(filterFieldClass, 'min-w-56 flex-1')}
      />
      <select
        aria-label="Purpose"
        value={filter.purpose ?? ''}
        onChange={(event) =>
          onChange({ purpose: (event.target.value || undefined) as FilePurpose | undefined })
        }
        className={filterFieldClass}
      >
        <option value="">All purposes</option>
        {filePurposes.map((purpose) => (
          <option key={purpose} value={purpose}>
            {purposeLabels[purpose]}
          </option>
        ))}
      </select>
      {bySource && (
        <SourceSelect value={filter.source} onChange={(source) => onChange({ source })} />
      )}
    </div>
  );
}
