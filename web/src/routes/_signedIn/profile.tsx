import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '../../auth/signedIn.js';
import { loadSections } from '../../i18n/setup.js';
import { ProfilePage } from '../../profile/ProfilePage.js';

/** /profile: anyone signed in. */
export const Route = createFileRoute('/_signedIn/profile')({
  staticData: { signIn: { hint: 'auth.protected.loginToContinue' } },
  loader: () => loadSections('safety'),
  component: ProfileRoute,
});

function ProfileRoute() {
  return <ProfilePage user={useSignedInUser()} />;
}
