import { useEffect, useEffectEvent } from 'react';

/** Asks for the microphone as the dialog opens: its first screen is the live level. */
export function useOpenMicrophone(ask: () => void) {
  const open = useEffectEvent(ask);
  useEffect(() => open(), []);
}
