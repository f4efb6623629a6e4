import { compact, oneOf, searchSchema, text } from '../../lib/search-fields';

export const trainForms = ['voice', 'music', 'video'] as const;

/**
 * Train's URL state: which form is open, and a dataset handed over from Files ("use as
 * dataset"), so the link can be shared and the back button works.
 */
export const trainSearchSchema = searchSchema((search): TrainSearch =>
  compact({
    form: oneOf(trainForms, search.form) ?? 'voice',
    dataset: text(search.dataset, 300, 1),
  }),
);
export interface TrainSearch {
  form: (typeof trainForms)[number];
  dataset?: string | undefined;
}
