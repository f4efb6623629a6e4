import type { DatasetForm } from '../purpose';

export interface DatasetFormMenuProps {
  fileId: string;
  filename: string;
  suggested: DatasetForm;
}

export const menuButtonClass =
  'inline-flex items-center rounded-r-lg border-l border-brand-700 bg-brand-600 px-1.5 text-white hover:bg-brand-700 max-md:min-h-11 max-md:min-w-11 max-md:justify-center';

export function MenuChevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path d="M5.5 7.5 10 12l4.5-4.5z" />
    </svg>
  );
}
