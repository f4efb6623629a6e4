// No zod here: the packages input checks each tag as it is typed; the form's schema
// (sandbox-form-schema.ts) applies the same rule when it loads.

/**
 * npm's limit for a package name. pip sets none, so the stricter one applies to both; a
 * version specifier (`numpy==2.1`, `@scope/pkg@1.2`) counts towards it.
 */
export const packageNameMaxLength = 214;

/** Commas and whitespace both separate names: `numpy, pandas requests` is three packages. */
export function splitPackages(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** Why a name cannot be a tag, or null when it can. */
export function packageNameProblem(name: string): string | null {
  if (name.length === 0) return 'a package name must not be empty';
  if (name.length > packageNameMaxLength)
    return `a package name is at most ${packageNameMaxLength} characters`;
  if (!/^\S+$/.test(name)) return 'a package name has no spaces';
  return null;
}

/** pip and npm both treat `NumPy` and `numpy` as one package. */
function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export interface PackagesUpdate {
  tags: string[];
  added: string[];
  /** Names refused by the name rule, left in the input to be corrected. */
  rest: string;
  /** The first refusal, in words, or null when everything was added. */
  problem: string | null;
}

/** Adds every name typed or pasted in `text`, refusing empty input, duplicates and bad names. */
export function addPackages(tags: readonly string[], text: string): PackagesUpdate {
  const names = splitPackages(text);
  if (names.length === 0) {
    return { tags: [...tags], added: [], rest: '', problem: 'Type a package name first.' };
  }
  const next = [...tags];
  const added: string[] = [];
  const invalid: string[] = [];
  let problem: string | null = null;
  for (const name of names) {
    if (next.some((tag) => sameName(tag, name))) {
      // Nothing to correct: the package is in the list already, so the text is dropped.
      problem ??= `${name} is already in the list.`;
      continue;
    }
    const reason = packageNameProblem(name);
    if (reason) {
      invalid.push(name);
      problem ??= `${name.length > 40 ? `${name.slice(0, 39)}…` : name}: ${reason}.`;
      continue;
    }
    next.push(name);
    added.push(name);
  }
  return { tags: next, added, rest: invalid.join(' '), problem };
}

export function removePackage(tags: readonly string[], name: string): string[] {
  return tags.filter((tag) => tag !== name);
}
