export const jobLinkClass =
  'font-medium text-brand-700 underline-offset-2 hover:underline max-md:py-3 dark:text-brand-100';
