import type { toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;

/**
 * sonner loads when the first toast shows, not with every page that may raise one: a toast
 * always follows a user's action or a reply, by which time the library is a moment away.
 * The toaster itself mounts from the app shell (src/app/app.tsx), also lazily.
 */
const sonner = () => import('sonner').then((module) => module.toast);

export const toast = {
  success: (...args: Parameters<Sonner['success']>) =>
    void sonner().then((show) => show.success(...args)),
  error: (...args: Parameters<Sonner['error']>) =>
    void sonner().then((show) => show.error(...args)),
  loading: (...args: Parameters<Sonner['loading']>) =>
    void sonner().then((show) => show.loading(...args)),
  dismiss: (id: string) => void sonner().then((show) => show.dismiss(id)),
};
