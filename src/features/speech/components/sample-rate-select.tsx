import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { formatDecimal } from '../../../lib/format-number';

/** Telephone (8 kHz) to studio (48 kHz): the contract's range, at the rates codecs use. */
const sampleRates = [8000, 11025, 16000, 22050, 24000, 32000, 44100, 48000] as const;

interface SampleRateSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SampleRateSelect({ error, ref, ...select }: SampleRateSelectProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        Sample rate
      </label>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className="mt-1 block min-h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 md:min-h-0"
        {...select}
      >
        {sampleRates.map((rate) => (
          <option key={rate} value={rate}>
            {formatDecimal(rate / 1000, 3)} kHz
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        MP3 and Ogg use the nearest rate their codec supports.
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
