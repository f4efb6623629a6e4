import type { Env } from '../env';

/**
 * Who push services write to about this gateway's pushes: VAPID_SUBJECT, else the public site
 * when it is https, else a local address (accepted by push services, but naming no one).
 */
export function vapidSubjectOf(env: Pick<Env, 'VAPID_SUBJECT' | 'PUBLIC_URL'>): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.PUBLIC_URL?.startsWith('https:')) return new URL(env.PUBLIC_URL).origin;
  return 'mailto:media-studio@localhost';
}
