import type { ToolInfo } from '../../../api/contract/tools';

/** The tool picker's look, shared by the picker and its stand-in while the picker loads. */
export const toolInputClass =
  'block min-h-11 w-full rounded-lg border border-zinc-300 bg-white py-2 pr-9 pl-3 font-mono text-sm shadow-xs placeholder:font-sans placeholder:text-zinc-400 dark:border-zinc-700 dark:bg-zinc-900 md:min-h-0';
export const toolSummaryClass = 'mt-1 space-y-1 text-xs text-zinc-600 dark:text-zinc-300';
export const toolSearchHint = 'Search tools by name, purpose or input';

export function InputChips({ inputs }: { inputs: readonly string[] }) {
  if (inputs.length === 0) {
    return <span className="text-zinc-600 dark:text-zinc-400">No extra inputs</span>;
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="text-zinc-600 dark:text-zinc-400">Needs:</span>
      {inputs.map((input, index) => (
        <span
          key={input}
          className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[11px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
        >
          {input}
          {/* Commas for screen readers and copy-paste; the chips already separate them visually. */}
          {index < inputs.length - 1 && <span className="sr-only">,</span>}
        </span>
      ))}
    </span>
  );
}

/** What the chosen tool does and which inputs it needs: explained while the list is closed. */
export function ToolSummary({ selected }: { selected: ToolInfo | null }) {
  if (!selected) return <p>Choose a tool to see what it does and which inputs it needs.</p>;
  return (
    <>
      <p>{selected.capability}</p>
      <p>
        <InputChips inputs={selected.requiredInputs} />
      </p>
    </>
  );
}
