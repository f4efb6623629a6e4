import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { datasetForms, type DatasetForm } from '../purpose';

const formLabel = (form: DatasetForm) => datasetForms.find((f) => f.form === form)!.label;

/**
 * "Use as dataset": one click opens Train on the suggested form with this file as its dataset;
 * the menu beside it picks another form when the guess is wrong.
 */
export function DatasetMenu({
  fileId,
  filename,
  suggested,
}: {
  fileId: string;
  filename: string;
  suggested: DatasetForm;
}) {
  return (
    <div className="inline-flex rounded-lg shadow-xs">
      <Link
        to="/train"
        search={{ form: suggested, dataset: fileId }}
        className="inline-flex items-center rounded-l-lg bg-brand-600 px-3 py-1 text-xs font-medium text-white hover:bg-brand-700"
      >
        Use as dataset
        <span className="sr-only">
          {' '}
          for {formLabel(suggested)}: {filename}
        </span>
      </Link>
      <Menu>
        <MenuButton
          aria-label={`Choose a training form for ${filename}`}
          className="inline-flex items-center rounded-r-lg border-l border-brand-700 bg-brand-600 px-1.5 text-white hover:bg-brand-700 data-open:bg-brand-700"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path d="M5.5 7.5 10 12l4.5-4.5z" />
          </svg>
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
    </div>
  );
}
