/**
 * Whether this tab has raised a toast yet. The toaster (src/app/app.tsx) mounts from the first
 * one on, so a visit that never toasts never loads sonner; sonner keeps the toasts raised
 * before its toaster mounts and shows them once it has.
 */
let wanted = false;
const listeners = new Set<() => void>();

export const readToasterWanted = () => wanted;

export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}
