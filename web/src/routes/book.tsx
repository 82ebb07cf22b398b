import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Protected } from '../auth/Protected.js';
import { validateBookSearch } from '../book/bookSearch.js';
import { BookingScreen } from '../booking/BookingScreen.js';
import { loadSections } from '../i18n/setup.js';

export const Route = createFileRoute('/book')({
  validateSearch: validateBookSearch,
  loader: () => loadSections('auth', 'booking'),
  component: BookRoute,
});

/** Booking is for signed-in passengers (spec 001 §2, §6); the home page's choices come in the URL. */
function BookRoute() {
  const { t } = useTranslation();
  const search = Route.useSearch();
  return (
    <Protected allow={['passenger']} signInHint={t('auth.protected.loginToBook')}>
      <BookingScreen search={search} />
    </Protected>
  );
}
