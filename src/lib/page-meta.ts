// No zod and no React here: the app shell reads this in the entry chunk, to name the tab and
// to draw a page's heading before the page's own code has arrived.

/** What a page is called and what it is for: its heading, its summary and the tab's title. */
export interface PageMeta {
  heading: string;
  /** Under the heading, and the page's meta description. */
  summary: string;
}

export const pageMeta = {
  home: {
    heading: 'Home',
    summary: 'Start something new, or check on the training jobs and what everyone made lately.',
  },
  generate: {
    heading: 'Generate',
    summary: 'Create images and video from a prompt with any tool of the service.',
  },
  voices: {
    heading: 'Voices',
    summary: 'Browse the voice catalog and hear every voice before you use it.',
  },
  speech: {
    heading: 'Speech',
    summary: 'Turn text into speech in any catalog voice, or extend a clip in its own voice.',
  },
  train: {
    heading: 'Train',
    summary: 'Train a custom voice from reference clips, or a music or video LoRA from a dataset.',
  },
  jobs: {
    heading: 'Jobs',
    summary: 'Every training job started through this gateway, by anyone, updated live.',
  },
  job: { heading: 'Training job', summary: 'A training job’s status, progress and result.' },
  files: {
    heading: 'Files',
    summary: 'Upload files for use as inputs and training datasets.',
  },
  sandbox: {
    heading: 'Sandbox',
    summary: 'Create persistent code sandboxes for Python, JavaScript and TypeScript.',
  },
  usage: {
    heading: 'Usage',
    summary: 'What the gateway counted of every job: spend, jobs and what they used, over time.',
  },
  settings: {
    heading: 'Settings',
    summary:
      'Where the dashboard sends its requests. The theme switch is at the bottom of the navigation.',
  },
  notFound: { heading: 'Page not found', summary: 'There is no page at this address.' },
} as const satisfies Record<string, PageMeta>;

/** Pages by the first segment of their path; the shell in index.html reads this table too. */
export const pagesByFirstSegment: Record<string, PageMeta> = {
  '': pageMeta.home,
  generate: pageMeta.generate,
  voices: pageMeta.voices,
  speech: pageMeta.speech,
  train: pageMeta.train,
  jobs: pageMeta.jobs,
  files: pageMeta.files,
  sandbox: pageMeta.sandbox,
  usage: pageMeta.usage,
  settings: pageMeta.settings,
};

/** The page at a path: /jobs/{id} is one job; an unknown path is the not-found page. */
export function pageMetaFor(pathname: string): PageMeta {
  const [first = '', second] = pathname.replace(/^\/+|\/+$/g, '').split('/');
  if (first === 'jobs' && second) return pageMeta.job;
  if (second !== undefined) return pageMeta.notFound;
  // Own keys only: /constructor is not a page.
  return Object.hasOwn(pagesByFirstSegment, first)
    ? pagesByFirstSegment[first]!
    : pageMeta.notFound;
}

/** The tab's title: the page first, so a row of tabs tells them apart. */
export function documentTitle(meta: PageMeta, runningJobs: number): string {
  const base = meta === pageMeta.home ? 'Media Studio' : `${meta.heading} · Media Studio`;
  return runningJobs > 0 ? `(${runningJobs}) ${base}` : base;
}
