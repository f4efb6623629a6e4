import type { toast as sonnerToast } from 'sonner';
import { wantToaster } from './toaster-wanted';

type Sonner = typeof sonnerToast;

/**
 * sonner loads when the first toast shows, not with every page that may raise one: a toast
 * always follows a user's action or a reply, by which time the library is a moment away.
 * The first toast also mounts the toaster (src/app/app.tsx).
 */
const sonner = () => {
  wantToaster();
  return import('sonner').then((module) => module.toast);
};

export const toast = {
  message: (...args: Parameters<Sonner>) => void sonner().then((show) => show(...args)),
  success: (...args: Parameters<Sonner['success']>) =>
    void sonner().then((show) => show.success(...args)),
  warning: (...args: Parameters<Sonner['warning']>) =>
    void sonner().then((show) => show.warning(...args)),
  error: (...args: Parameters<Sonner['error']>) =>
    void sonner().then((show) => show.error(...args)),
  loading: (...args: Parameters<Sonner['loading']>) =>
    void sonner().then((show) => show.loading(...args)),
  dismiss: (id: string) => void sonner().then((show) => show.dismiss(id)),
};
