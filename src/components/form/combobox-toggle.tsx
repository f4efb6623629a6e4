import { ComboboxButton } from '@headlessui/react';
import { ChevronIcon, chevronClass } from './chevron';

/** The chevron at the end of a searchable picker: opens the full list without typing. */
export function ComboboxToggle({ label }: { label: string }) {
  return (
    <ComboboxButton aria-label={label} className={chevronClass}>
      <ChevronIcon />
    </ComboboxButton>
  );
}
