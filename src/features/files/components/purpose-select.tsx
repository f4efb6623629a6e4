import { filePurposes, type FilePurpose } from '../../../api/contract/file-purposes';
import { purposeLabels } from '../purpose';

export function PurposeSelect({
  value,
  onChange,
  label,
  disabled,
}: {
  value: FilePurpose;
  onChange: (purpose: FilePurpose) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as FilePurpose)}
      className="rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-800 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {filePurposes.map((purpose) => (
        <option key={purpose} value={purpose}>
          {purposeLabels[purpose]} ({purpose})
        </option>
      ))}
    </select>
  );
}
