import { deferred } from '../../../../components/deferred';

// The dialog library is most of what these weigh: it loads when the page is idle, not with
// the Settings page, which most visits only read.
export const newTokenDialog = deferred(() =>
  import('./new-token-dialog').then((module) => module.NewTokenDialog),
);
export const revokeTokenDialog = deferred(() =>
  import('./revoke-token-dialog').then((module) => module.RevokeTokenDialog),
);
