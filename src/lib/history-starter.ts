import type { HistoryStarter } from '../api/contract/history';

/**
 * Who is looking at a shared history, as far as removing goes: `null` when nobody signs in
 * (direct mode, open mode), their user id when signed in, `undefined` while that is not known.
 */
export type Viewer = string | null | undefined;

/**
 * Whether the gateway would let `viewer` remove an entry `starter` started: a signed-in person
 * may remove what they started and what nobody started signed in (an import, open mode);
 * without sign-in, anything. Until the viewer is known, only what nobody started, so a Remove
 * the gateway would refuse never shows, even for a moment.
 */
export function canRemove(starter: HistoryStarter | null | undefined, viewer: Viewer): boolean {
  if (!starter || viewer === null) return true;
  return starter.id === viewer;
}

/** "by Ada", or "by Ada via token nightly" when a script started it with a personal access token. */
export function startedByText(starter: HistoryStarter): string {
  return starter.token === null
    ? `by ${starter.name}`
    : `by ${starter.name} via token ${starter.token}`;
}
