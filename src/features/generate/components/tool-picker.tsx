import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import { ComboboxToggle } from '../../../components/form/combobox-toggle';
import { useId, useMemo, useState } from 'react';
import type { ToolInfo } from '../../../api/contract/tools';
import { filterTools, groupTools } from '../filter-tools';
import {
  InputChips,
  ToolSummary,
  toolInputClass,
  toolSearchHint,
  toolSummaryClass,
} from './tool-summary';

export interface ToolPickerProps {
  tools: readonly ToolInfo[];
  value: string;
  onChange: (name: string) => void;
  label?: string;
}

/** A searchable tool list, in sections, showing what each tool does and which inputs it needs. */
export function ToolPicker({ tools, value, onChange, label = 'Tool' }: ToolPickerProps) {
  const [query, setQuery] = useState('');
  const headingId = useId();
  const selected = tools.find((tool) => tool.name === value) ?? null;
  const sections = useMemo(() => groupTools(filterTools(tools, query)), [tools, query]);

  return (
    <Field>
      <Label className="block text-sm font-medium">{label}</Label>
      <Combobox
        value={value}
        onChange={(next: string | null) => {
          // Null means the input was cleared; the tool stays until another is chosen.
          if (next) onChange(next);
        }}
        onClose={() => setQuery('')}
      >
        <div className="relative mt-1">
          <ComboboxInput
            className={toolInputClass}
            displayValue={(name: string | null) => name ?? ''}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={toolSearchHint}
            autoComplete="off"
            spellCheck={false}
          />
          <ComboboxToggle label="Show all tools" />
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-20 max-h-96 w-(--input-width) overflow-y-auto rounded-xl border border-zinc-200 bg-white p-1 shadow-lg [--anchor-gap:4px] empty:invisible dark:border-zinc-700 dark:bg-zinc-900"
        >
          {sections.length === 0 && (
            <div className="px-3 py-2 text-sm text-zinc-500">No tool matches “{query}”.</div>
          )}
          {sections.map((section) => (
            // Headless UI has no sections: a labelled group keeps the heading out of the
            // options, so arrow keys and typing skip it.
            <div
              key={section.group}
              role="group"
              aria-labelledby={`${headingId}-${section.group}`}
              className="py-1"
            >
              <div
                id={`${headingId}-${section.group}`}
                role="presentation"
                className="px-3 pt-1 pb-0.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
              >
                {section.label}
              </div>
              {section.tools.map((tool) => (
                <ComboboxOption
                  key={tool.name}
                  value={tool.name}
                  className="group cursor-pointer rounded-lg px-3 py-2 text-sm data-focus:bg-brand-50 data-selected:bg-brand-50/60 dark:data-focus:bg-zinc-800"
                >
                  <span className="block truncate font-mono text-[13px] group-data-selected:font-semibold">
                    {tool.name}
                  </span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-300">
                    {tool.capability}
                  </span>
                  <span className="mt-1 block text-xs">
                    <InputChips inputs={tool.requiredInputs} />
                  </span>
                </ComboboxOption>
              ))}
            </div>
          ))}
        </ComboboxOptions>
      </Combobox>
      {/* Description so Headless UI ties it to the input: the choice is explained while closed. */}
      <Description as="div" className={toolSummaryClass}>
        <ToolSummary selected={selected} />
      </Description>
    </Field>
  );
}
