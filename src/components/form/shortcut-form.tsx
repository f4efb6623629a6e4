import type { FormEvent, FormHTMLAttributes, KeyboardEvent } from 'react';

interface ShortcutFormProps extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onKeyDown'
> {
  /** What react-hook-form's handleSubmit returns. */
  submit: (event?: FormEvent) => Promise<void>;
  /** While a request runs, neither Enter nor the shortcut sends a second one. */
  pending: boolean;
}

/** A form that also submits on Ctrl+Enter (Cmd+Enter on a Mac), from any of its fields. */
export function ShortcutForm({ submit, pending, children, ...form }: ShortcutFormProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (!pending) void submit();
  };
  return (
    <form
      noValidate
      {...form}
      onSubmit={(event) => {
        if (pending) event.preventDefault();
        else void submit(event);
      }}
      onKeyDown={onKeyDown}
    >
      {children}
    </form>
  );
}
