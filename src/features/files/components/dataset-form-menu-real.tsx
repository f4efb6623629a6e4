import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { datasetForms } from '../purpose';
import {
  menuButtonClass,
  MenuChevron,
  type DatasetFormMenuProps,
} from './dataset-form-menu-button';

/** The menu of training forms beside "Use as dataset" (Headless UI's menu, loaded apart). */
export function DatasetFormMenuReal({
  fileId,
  filename,
  suggested,
  openAtOnce = false,
}: DatasetFormMenuProps & { openAtOnce?: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  // Pressed before this code had arrived: open now, with the focus where the press left it.
  useEffect(() => {
    if (openAtOnce) button.current?.click();
  }, [openAtOnce]);
  return (
    <Menu>
      <MenuButton
        ref={button}
        aria-label={`Choose a training form for ${filename}`}
        className={`${menuButtonClass} data-open:bg-brand-700`}
      >
        <MenuChevron />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-20 min-w-44 rounded-xl border border-zinc-200 bg-white p-1 text-sm shadow-lg [--anchor-gap:4px] focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
      >
        {datasetForms.map(({ form, label }) => (
          <MenuItem key={form}>
            <Link
              to="/train"
              search={{ form, dataset: fileId }}
              className="flex items-center justify-between gap-3 rounded-lg px-3 py-1.5 data-focus:bg-brand-50 dark:data-focus:bg-zinc-800"
            >
              {label}
              {form === suggested && (
                <span className="text-xs text-zinc-500 dark:text-zinc-400">suggested</span>
              )}
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
