import { useRef } from 'react';
import { suggestName } from './suggest-name';

/**
 * The name follows the display name until the user types a name of their own (or clears it
 * to follow again); after that the suggestion is only offered.
 */
export function useNameSuggestion(
  displayName: string,
  name: string,
  setName: (value: string) => void,
) {
  const typed = useRef(false);
  const suggestion = suggestName(displayName);
  return {
    /** Offered only when it would change something the user typed. */
    suggestion: suggestion && suggestion !== name ? suggestion : null,
    onDisplayNameChange: (value: string) => {
      if (!typed.current) setName(suggestName(value));
    },
    onNameChange: (value: string) => {
      typed.current = value !== '';
    },
    useSuggestion: () => {
      typed.current = false;
      setName(suggestion);
    },
  };
}
