import { createFileRoute } from '@tanstack/react-router';
import { warmSignedIn } from '../../auth/signedIn.js';
import { RidePage } from '../../rides/RidePage.js';
import { rideQueryOptions } from '../../tracking/rideApi.js';

/** /rides/$rideId: one of the rider's rides with its receipt (the parent route's gate applies). */
export const Route = createFileRoute('/_signedIn/rides/$rideId')({
  loader: ({ context, params }) => warmSignedIn(context, (_user, client) => [client.ensureQueryData(rideQueryOptions(params.rideId))]),
  component: RideRoute,
});

function RideRoute() {
  const { rideId } = Route.useParams();
  return <RidePage rideId={rideId} />;
}
