import { useEffect, useState } from 'react';

export interface Microphone {
  deviceId: string;
  label: string;
}

const storageKey = 'media-studio.microphone';

/** The microphone chosen last time, on this browser. */
export function rememberedMicrophone(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

export function rememberMicrophone(deviceId: string) {
  try {
    localStorage.setItem(storageKey, deviceId);
  } catch {
    // Storage off (private mode, policy): the choice lasts for this dialog only.
  }
}

/**
 * The audio inputs, listed once `granted` (before permission browsers give no names, and may
 * hide all but one device) and again whenever one is plugged in or out.
 */
export function useMicrophones(granted: boolean): Microphone[] {
  const [microphones, setMicrophones] = useState<Microphone[]>([]);
  useEffect(() => {
    const devices = navigator.mediaDevices;
    if (!granted || !devices?.enumerateDevices) return;
    let current = true;
    const list = () =>
      devices.enumerateDevices().then(
        (all) => {
          if (!current) return;
          const inputs = all.filter((device) => device.kind === 'audioinput');
          setMicrophones(
            inputs.map((device, i) => ({
              deviceId: device.deviceId,
              label: device.label || `Microphone ${i + 1}`,
            })),
          );
        },
        () => {},
      );
    void list();
    devices.addEventListener('devicechange', list);
    return () => {
      current = false;
      devices.removeEventListener('devicechange', list);
    };
  }, [granted]);
  return microphones;
}
