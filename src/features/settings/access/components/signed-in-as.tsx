import { authPaths } from '../../../../api/contract/access-paths';
import type { AccessUser } from '../../../../api/contract/access';
import { Button } from '../../../../components/button';
import { markSigningOut } from '../../../../lib/sign-in-redirect';

/**
 * Who this browser is signed in as, and a way out. Signing out is the gateway's own form (a
 * real POST, no script needed): it ends the session and its page confirms it.
 */
export function SignedInAs({ user }: { user: AccessUser }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm">
        Signed in as <strong className="font-semibold">{user.name}</strong>
        {user.email && <span className="text-zinc-600 dark:text-zinc-400"> ({user.email})</span>}
      </p>
      <form method="post" action={authPaths.signOut} onSubmit={() => markSigningOut()}>
        <Button type="submit" variant="secondary">
          Sign out
        </Button>
      </form>
    </div>
  );
}
