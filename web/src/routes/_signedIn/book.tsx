import { createFileRoute } from '@tanstack/react-router';
import { validateBookSearch } from '../../book/bookSearch.js';
import { vehiclesQueryOptions } from '../../booking/bookingApi.js';
import { BookingScreen } from '../../booking/BookingScreen.js';
import { warmSignedIn } from '../../auth/signedIn.js';
import { loadSections } from '../../i18n/setup.js';

/** Booking is for signed-in passengers (spec 001 §2, §6); the home page's choices come in the URL. */
export const Route = createFileRoute('/_signedIn/book')({
  staticData: { signIn: { allow: ['passenger'], hint: 'auth.protected.loginToBook' } },
  validateSearch: validateBookSearch,
  loader: ({ context }) => Promise.all([loadSections('booking'), warmSignedIn(context, (_user, client) => [client.ensureQueryData(vehiclesQueryOptions())])]),
  component: BookRoute,
});

function BookRoute() {
  return <BookingScreen search={Route.useSearch()} />;
}
