import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from '../api/contract/zod';
import { labelledErrors, type FieldLabels } from './field-labels';

/** A form's resolver whose schema (and zod with it) loads on first use, not with the page. */
export type LazyResolver<Input extends FieldValues, Output = Input> = Resolver<
  Input,
  unknown,
  Output
> & {
  /** Starts the download early, so the first keystroke or submit does not wait for it. */
  preload: () => void;
};

// zodResolver's overloads do not resolve for a schema generic in its types: name the one used.
type ZodResolverFor<Input extends FieldValues, Output> = (
  schema: z.core.$ZodType<Output, Input>,
) => Resolver<Input, unknown, Output>;

/**
 * zodResolver(schema), with the schema module imported the first time the form validates (or
 * when `preload` runs, on idle after the form renders). zod is the largest library a page would
 * otherwise carry just to draw an empty form. react-hook-form awaits resolvers, so validation
 * runs on the same events, with the same messages, once the module is there. `labels` names
 * the form's fields in its messages as the form shows them (field-labels.ts).
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(
  loadSchema: () => Promise<z.core.$ZodType<Output, Input>>,
  labels: FieldLabels = {},
): LazyResolver<Input, Output> {
  let pending: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (pending ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')])
      .then(([schema, resolvers]) =>
        (resolvers.zodResolver as unknown as ZodResolverFor<Input, Output>)(schema),
      )
      .catch((error: unknown) => {
        // A failed download (offline for a moment) is tried again on the next validation.
        pending = undefined;
        throw error;
      }));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    const result = await (await load())(values, context, options);
    // Only a refusal carries messages; an accepted form's errors are empty.
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: labelledErrors(result.errors, labels) };
  };
  // A warm-up that fails is not an error yet: the next validation tries again and reports it.
  const preload = () => void load().catch(() => undefined);
  return Object.assign(resolver, { preload });
}
