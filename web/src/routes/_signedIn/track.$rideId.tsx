import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser, warmSignedIn } from '../../auth/signedIn.js';
import { loadSections } from '../../i18n/setup.js';
import { rideQueryOptions } from '../../tracking/rideApi.js';
import { TrackingPage } from '../../tracking/TrackingPage.js';
import { RideNotFoundRoute } from '../../tracking/RideNotFound.js';
import { rideIdParams } from '../-rideParams.js';

/** /track/$rideId: the rider, the ride's driver or an admin (the server answers 404 to anyone else). */
export const Route = createFileRoute('/_signedIn/track/$rideId')({
  staticData: { signIn: { hint: 'tracking.signInHint' } },
  params: rideIdParams,
  notFoundComponent: RideNotFoundRoute,
  loader: ({ context, params }) =>
    Promise.all([
      loadSections('tracking', 'payments', 'safety'),
      warmSignedIn(context, (_user, client) => [client.ensureQueryData(rideQueryOptions(params.rideId))]),
    ]),
  component: TrackRoute,
});

function TrackRoute() {
  const { rideId } = Route.useParams();
  return <TrackingPage rideId={rideId} user={useSignedInUser()} />;
}
