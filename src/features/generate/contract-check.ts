import type { ContractCheck } from './generation-request';

let pending: Promise<ContractCheck> | undefined;
let loaded: ContractCheck | undefined;

/**
 * The generation contract's zod schemas as a ContractCheck, imported the first time they are
 * asked for (on idle after the form renders, or by the first submission). zod is the largest
 * library the Generate page would otherwise load just to draw an empty form.
 */
export function loadContractCheck(): Promise<ContractCheck> {
  return (pending ??= import('./contract-schema-check')
    .then((module) => (loaded = module.checkWithSchema))
    .catch((error: unknown) => {
      // A failed download (offline for a moment) is tried again next time, not cached.
      pending = undefined;
      throw error;
    }));
}

/** The check if it has loaded already, so a form drawn later uses it from its first render. */
export function loadedContractCheck(): ContractCheck | undefined {
  return loaded;
}
