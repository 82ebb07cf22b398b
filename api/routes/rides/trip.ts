import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { arriveAtPickup, cancelRide, completeTrip, raiseEmergency, rateRide, reissuePin, startTrip } from '../../../commands/ride/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { commandContextFor } from '../../support/commandContext.js';
import { IDEMPOTENT_WRITE, errorResponses } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { answerAfterWrite, rideParty } from './rideSources.js';
import { CancelRideBody, CompleteTripBody, EmergencyBody, RateRideBody, Ride, RideParams, StartTripBody } from '../../../contract/rides.js';

/** Every step is the ride's own write; each answers the ride as the caller may see it. */
const step = (summary: string) => ({
  tags: ['rides'],
  summary,
  description: IDEMPOTENT_WRITE,
  params: RideParams,
  response: { 200: Ride, ...errorResponses },
});

/** From the driver's arrival to the ride's end: PIN, trip, cancellation, emergency, ratings. */
export function rideTripRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  const readDeps = { db, store: commands.store, router: commands.router };
  return async (app) => {
    // Every route here acts on one ride: strangers learn nothing about it (404, like a made-up id).
    // The stream the check read is the one the step decides on (`checked`), not read again.
    const party = rideParty(commands.store);
    const checked = party.streamOf;
    app.addHook('preHandler', party.check);
    app.post(
      '/api/rides/:rideId/arrive',
      { schema: step('The assigned driver is at the pickup'), preValidation: requireUser({ roles: ['driver'] }) },
      async (request) => {
        const { rideId } = request.params;
        const result = await arriveAtPickup(commands, { rideId }, commandContextFor(request), checked(request));
        return answerAfterWrite(readDeps, signedInUser(request), rideId, result.stream);
      },
    );

    app.post(
      '/api/rides/:rideId/start',
      {
        schema: {
          ...step("The assigned driver starts the trip with the rider's PIN. Wrong: 409 pin_incorrect with attemptsLeft; the 5th wrong one, or any try after it, 409 pin_locked until the rider reissues"),
          body: StartTripBody,
        },
        preValidation: requireUser({ roles: ['driver'] }),
      },
      async (request) => {
        const { rideId } = request.params;
        const result = await startTrip(commands, { rideId, pin: request.body.pin }, commandContextFor(request), checked(request));
        return answerAfterWrite(readDeps, signedInUser(request), rideId, result.stream);
      },
    );

    app.post(
      '/api/rides/:rideId/complete',
      {
        schema: { ...step('The assigned driver ends the trip; the fare is the agreed one'), body: CompleteTripBody },
        preValidation: requireUser({ roles: ['driver'] }),
      },
      async (request) => {
        const { rideId } = request.params;
        const { distanceKm, durationMinutes } = request.body ?? {};
        const result = await completeTrip(commands, { rideId, distanceKm: distanceKm ?? null, durationMinutes: durationMinutes ?? null }, commandContextFor(request), checked(request));
        return answerAfterWrite(readDeps, signedInUser(request), rideId, result.stream);
      },
    );

    app.post(
      '/api/rides/:rideId/cancel',
      {
        schema: { ...step('The rider or the driver cancels before the trip starts; an admin at any time before it ends'), body: CancelRideBody },
        preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }),
      },
      async (request) => {
        const { rideId } = request.params;
        const { reasonCode, reason } = request.body;
        const result = await cancelRide(commands, { rideId, reasonCode, reason }, commandContextFor(request), checked(request));
        return answerAfterWrite(readDeps, signedInUser(request), rideId, result.stream);
      },
    );

    app.post(
      '/api/rides/:rideId/rate',
      {
        schema: { ...step('The rider rates the driver, or the driver the rider, once each, after completion'), body: RateRideBody },
        preValidation: requireUser({ roles: ['passenger', 'driver'] }),
      },
      async (request) => {
        const { rideId } = request.params;
        const { stars, comment } = request.body;
        const result = await rateRide(commands, { rideId, stars, comment: comment ?? null }, commandContextFor(request), checked(request));
        return answerAfterWrite(readDeps, signedInUser(request), rideId, result.stream);
      },
    );

    app.post(
      '/api/rides/:rideId/emergency',
      {
        schema: { ...step('The rider or the driver raises an emergency on an active ride (with the location when known)'), body: EmergencyBody },
        preValidation: requireUser({ roles: ['passenger', 'driver'] }),
      },
      async (request) => {
        const { rideId } = request.params;
        const result = await raiseEmergency(commands, { rideId, location: request.body?.location ?? null }, commandContextFor(request), checked(request));
        return answerAfterWrite(readDeps, signedInUser(request), rideId, result.stream);
      },
    );

    app.post(
      '/api/rides/:rideId/reissue-pin',
      { schema: step('The rider replaces the PIN (which also lifts a lock after wrong tries)'), preValidation: requireUser({ roles: ['passenger'] }) },
      async (request) => {
        const { rideId } = request.params;
        const result = await reissuePin(commands, { rideId }, commandContextFor(request), checked(request));
        return answerAfterWrite(readDeps, signedInUser(request), rideId, result.stream);
      },
    );
  };
}
