import { sandboxLanguages } from '../../api/contract/sandbox-languages';
import { compact, oneOf, searchSchema, searchText } from '../../lib/search-fields';

export type SandboxLanguage = (typeof sandboxLanguages)[number];

/** Longest search kept; a longer one (a pasted link) keeps its start. */
export const sandboxQueryMax = 200;

/** The Sandbox page's URL state: the sandboxes list's search and filter, shareable and reloadable. */
export interface SandboxSearch {
  /** Search over sandbox id, language and packages. */
  q?: string | undefined;
  /** Named apart from the Voices page's `language`, a language of speech. */
  lang?: SandboxLanguage | undefined;
}

export const sandboxSearchSchema = searchSchema((search): SandboxSearch =>
  compact({
    q: searchText(search.q, sandboxQueryMax),
    lang: oneOf(sandboxLanguages, search.lang),
  }),
);
