import { useCallback, useSyncExternalStore } from 'react';

const storageKey = 'media-studio.jobs.browser-notifications';
const listeners = new Set<() => void>();

/** On only when the user turned it on here and the browser still grants it. */
export function browserNotificationsEnabled(): boolean {
  try {
    return (
      localStorage.getItem(storageKey) === 'on' &&
      typeof Notification !== 'undefined' &&
      Notification.permission === 'granted'
    );
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function notificationsSupported(): boolean {
  return typeof Notification !== 'undefined';
}

/** The board's toggle. Permission is asked only when the user turns it on. */
export function useBrowserNotifications(): [boolean, (on: boolean) => Promise<void>] {
  const enabled = useSyncExternalStore(subscribe, browserNotificationsEnabled, () => false);
  const setEnabled = useCallback(async (on: boolean) => {
    if (on && notificationsSupported() && Notification.permission !== 'granted') {
      await Notification.requestPermission();
    }
    localStorage.setItem(storageKey, on ? 'on' : 'off');
    listeners.forEach((listener) => listener());
  }, []);
  return [enabled, setEnabled];
}
