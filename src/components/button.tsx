import clsx from 'clsx';
import type { ComponentProps } from 'react';
import { focusOnMount } from '../lib/focus-on-mount';

type Variant = 'primary' | 'secondary';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60',
  secondary:
    'border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
};

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  autoFocus,
  ...props
}: ComponentProps<'button'> & { variant?: Variant }) {
  return (
    <button
      type={type}
      ref={autoFocus ? focusOnMount : undefined}
      className={clsx(
        // A finger's 44 px below `md`.
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium disabled:cursor-not-allowed md:min-h-0',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
