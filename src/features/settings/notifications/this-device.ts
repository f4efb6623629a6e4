// The gateway lists devices by id, never by their endpoint (a capability to push to them): the
// id it gave this browser's subscription is kept here, beside that endpoint, so the list can
// say which device this is and stopping here also removes it there.
const storageKey = 'media-studio.push-device';

export interface ThisDevice {
  id: string;
  endpoint: string;
}

export function readThisDevice(): ThisDevice | null {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Partial<ThisDevice>;
    return typeof value?.id === 'string' && typeof value.endpoint === 'string'
      ? { id: value.id, endpoint: value.endpoint }
      : null;
  } catch {
    return null;
  }
}

export function rememberThisDevice(device: ThisDevice | null) {
  try {
    if (device) localStorage.setItem(storageKey, JSON.stringify(device));
    else localStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode, full): the device is only not marked as this one.
  }
}
