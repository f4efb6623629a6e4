import { useCallback, useState } from 'react';
import { usePreloadWhenUsed } from '../../components/deferred';
import { loadContractCheck, loadedContractCheck } from './contract-check';
import type { ContractCheck } from './generation-request';

/**
 * The contract's check once it has loaded (undefined until then), loading it once the page is
 * used after the form renders. The form's curl command then waits for the same check as a
 * submission does.
 */
export function useContractCheck(): ContractCheck | undefined {
  const [check, setCheck] = useState(loadedContractCheck);
  const preload = useCallback(() => {
    // The function is the state, not an updater of it.
    loadContractCheck().then(
      (loaded) => setCheck(() => loaded),
      // Not an error yet: a submission tries again and falls back if it must.
      () => undefined,
    );
  }, []);
  usePreloadWhenUsed(preload);
  return check;
}
