import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Protected } from '../auth/Protected.js';
import { loadSections } from '../i18n/setup.js';
import { ProfilePage } from '../profile/ProfilePage.js';

export const Route = createFileRoute('/profile')({
  loader: () => loadSections('auth'),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { t } = useTranslation();
  return <Protected signInHint={t('auth.protected.loginToContinue')}>{(user) => <ProfilePage user={user} />}</Protected>;
}
