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
  /** The field is about to be used: a pointer over it, a finger on it, or the focus. */
  onWake: () => void;
  /** The lines under the box, drawn as the picker draws them, so nothing moves on the swap. */
  children?: ReactNode;
}

/**
 * A searchable picker's closed look, without its library: it stands in while the picker's
 * code loads. A plain textbox, not a combobox, so nothing mistakes it for the real one; what
 * is typed into it meanwhile is carried over to the picker's search (see DeferredField).
 */
export function ClosedPicker({
  label,
  value,
  placeholder,
  inputClassName,
  invalid,
  onWake,
  children,
}: ClosedPickerProps) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative mt-1" onPointerEnter={onWake} onTouchStart={onWake}>
        <input
          id={id}
          value={typed ?? value}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          aria-invalid={invalid ? true : undefined}
          onFocus={onWake}
          className={inputClassName}
        />
        {/* Decoration only: a click falls through to the input, whose focus hands over. */}
        <span className={`${chevronClass} pointer-events-none`}>
          <ChevronIcon />
        </span>
      </div>
      {children}
    </div>
  );
}
