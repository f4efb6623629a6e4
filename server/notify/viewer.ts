import type { Context } from 'hono';

/**
 * Who is asking, as notifications see it: a signed-in person, or (in open mode, nobody signs
 * in) `id: null`, one shared view of everything.
 */
export interface Viewer {
  id: string | null;
  name: string | null;
}

export function viewerOf(c: Context): Viewer {
  const principal = c.get('principal');
  return principal
    ? { id: principal.user.id, name: principal.user.name }
    : { id: null, name: null };
}

/** The key of a person's own rows (devices, inbox): '' for the one shared view of open mode. */
export const ownerKey = (viewer: Viewer) => viewer.id ?? '';
