import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser, warmSignedIn } from '../../auth/signedIn.js';
import { rideBidsQueryOptions } from '../../booking/bookingApi.js';
import { DriverBids } from '../../booking/DriverBids.js';
import { loadSections } from '../../i18n/setup.js';
import { rideQueryOptions } from '../../tracking/rideApi.js';
import { RideNotFoundRoute } from '../../tracking/RideNotFound.js';
import { rideIdParams } from '../-rideParams.js';

/** The Driver Bids view of a bidding ride: its own address, so a reload keeps it. */
export const Route = createFileRoute('/_signedIn/book_/$rideId/bids')({
  staticData: { signIn: { allow: ['passenger'], hint: 'auth.protected.loginToBook' } },
  params: rideIdParams,
  notFoundComponent: RideNotFoundRoute,
  loader: ({ context, params }) =>
    Promise.all([
      loadSections('booking'),
      warmSignedIn(context, (_user, client) => [
        client.ensureQueryData(rideQueryOptions(params.rideId)),
        client.ensureQueryData(rideBidsQueryOptions(params.rideId)),
      ]),
    ]),
  component: BidsRoute,
});

function BidsRoute() {
  const { rideId } = Route.useParams();
  return <DriverBids rideId={rideId} user={useSignedInUser()} />;
}
