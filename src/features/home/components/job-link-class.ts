export const jobLinkClass =
  'font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';
