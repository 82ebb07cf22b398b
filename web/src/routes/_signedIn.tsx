import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { authStateQueryOptions } from '../auth/authState.js';
import { CheckingSignIn, Protected } from '../auth/Protected.js';
import { loadSections } from '../i18n/setup.js';

/**
 * The layout of every screen for signed-in users (spec 000 §2.2): who is signed in is asked once,
 * here, before any screen below loads (its loader then warms the screen's data for that user); the
 * screen itself shows only to a user its route's `staticData.signIn` allows — anyone else gets the
 * "authentication required" card (then /auth, coming back after sign-in), a second-factor prompt,
 * or an offer to take up the role.
 */
export const Route = createFileRoute('/_signedIn')({
  beforeLoad: async ({ context }) => ({
    // A failed check is not a sign-out: the gate shows it with a retry.
    auth: await context.queryClient.ensureQueryData(authStateQueryOptions()).catch(() => null),
  }),
  loader: () => loadSections('auth'),
  pendingComponent: CheckingSignIn,
  component: SignedInLayout,
});

function SignedInLayout() {
  const { t } = useTranslation();
  // The deepest screen's gate decides (a child such as /rides/$rideId inherits its parent's).
  const gate = useMatches({ select: (matches) => matches.findLast((match) => match.staticData.signIn)?.staticData.signIn });
  return (
    <Protected allow={gate?.allow} signInHint={t(gate?.hint ?? 'auth.protected.loginToContinue')}>
      <Outlet />
    </Protected>
  );
}
