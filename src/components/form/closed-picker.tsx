import { useId, useState, type ReactNode } from 'react';
import { ChevronIcon, chevronClass } from './chevron';

interface ClosedPickerProps {
  label: string;
  /** The chosen value as the picker's input shows it. */
  value: string;
  placeholder: string;
  /** The picker's own input classes, so the box has the same font, border and height. */
  inputClassName: string;
  invalid?: boolean;
  /** A pointer or a finger reached the input: the picker is about to be used. */
  onWake: () => void;
  /** What the choice means, under the box: the input's description, as in the picker. */
  description: ReactNode;
  /** Why the choice is refused, under the description; part of the description too. */
  error?: ReactNode;
  /** More lines under the box, drawn as the picker draws them, so nothing moves on the swap. */
  children?: ReactNode;
}

/**
 * A searchable picker, closed, without its library: it stands in until the picker is about
 * to be used (see DeferredField). It reads as the picker does (a collapsed combobox with
 * the same name, value and description), and what is typed into it before the swap is
 * carried over to the picker's search.
 */
export function ClosedPicker({
  label,
  value,
  placeholder,
  inputClassName,
  invalid,
  onWake,
  description,
  error,
  children,
}: ClosedPickerProps) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative mt-1" onPointerEnter={onWake} onTouchStart={onWake}>
        <input
          id={id}
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          aria-describedby={error ? `${descriptionId} ${errorId}` : descriptionId}
          value={typed ?? value}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          aria-invalid={invalid ? true : undefined}
          className={inputClassName}
        />
        {/* Decoration only: a click falls through to the input, whose focus hands over. */}
        <span className={`${chevronClass} pointer-events-none`}>
          <ChevronIcon />
        </span>
      </div>
      <div id={descriptionId}>{description}</div>
      {error && <div id={errorId}>{error}</div>}
      {children}
    </div>
  );
}
