import { createFileRoute, Outlet, useMatchRoute } from '@tanstack/react-router';
import { warmSignedIn } from '../../auth/signedIn.js';
import { loadSections } from '../../i18n/setup.js';
import { myRidesQueryOptions } from '../../rides/myRides.js';
import { MyRidesPage } from '../../rides/MyRidesPage.js';

/** /rides: a rider's own rides (and, below it, /rides/$rideId: one of them). */
export const Route = createFileRoute('/_signedIn/rides')({
  staticData: { signIn: { allow: ['passenger'], hint: 'tracking.myRides.signInHint' } },
  loader: ({ context }) =>
    Promise.all([loadSections('tracking', 'payments'), warmSignedIn(context, (_user, client) => [client.ensureQueryData(myRidesQueryOptions())])]),
  component: RidesRoute,
});

function RidesRoute() {
  const matchRoute = useMatchRoute();
  return matchRoute({ to: '/rides/$rideId' }) ? <Outlet /> : <MyRidesPage />;
}
