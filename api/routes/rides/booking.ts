import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptRide, counterOffer, declineAllBids, requestRide } from '../../../commands/ride/index.js';
import { stepContext } from '../../../commands/ride/driverReservation.js';
import { tripShareCommands } from '../../../commands/tripShare/index.js';
import { vehicleById } from '../../../domain/catalogue/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { commandContextFor, notYours } from '../../support/commandContext.js';
import { IDEMPOTENT_WRITE, errorResponses } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { ngweeOf } from '../../../contract/money.js';
import { answerAfterWrite, rideParty } from './rideSources.js';
import { AcceptRideBody, CounterOfferBody, RequestRideBody, Ride, RideParams } from '../../../contract/rides.js';
import { inWireTerms } from './wireErrors.js';

/** The write side's names for the booking's fields, and the spec's. */
const BOOKING_FIELDS = {
  proposedFareNgwee: 'proposedFare',
  pickup: 'pickupLocation',
  dropoff: 'dropoffLocation',
  stops: 'multipleDestinations',
} as const;

/** Booking and bidding up to a driver on the way: request, a driver's acceptance, counter-offer, decline. */
export function rideBookingRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  const readDeps = { db, store: commands.store };
  const sharing = tripShareCommands(commands.safety.shareTokens);
  return async (app) => {
    // Not your ride: the same 404 as a ride that does not exist. The step decides on what the check read.
    const party = rideParty(commands.store);
    app.post(
      '/api/rides',
      {
        schema: {
          tags: ['rides'],
          summary: "Book a ride (passengers): the server quotes and locks the fare. 201 with the ride; 200 for a retry with the same Idempotency-Key",
          description: IDEMPOTENT_WRITE,
          body: RequestRideBody,
          response: { 200: Ride, 201: Ride, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger'] }),
      },
      async (request, reply) => {
        const me = signedInUser(request);
        const body = request.body;
        if (body.passengerId !== undefined && body.passengerId !== me.id) throw notYours('passengerId', 'book rides');
        const carriesPassengers = vehicleById(body.vehicleType).load.kind === 'passengers';
        const packageSize = body.packageSize ?? null;
        const booking = {
          vehicleType: body.vehicleType,
          pickup: body.pickupLocation,
          dropoff: body.dropoffLocation,
          stops: body.multipleDestinations,
          pricingMethod: body.pricingMethod,
          proposedFareNgwee: body.pricingMethod === 'bidding' && typeof body.proposedFare === 'number' ? ngweeOf(body.proposedFare) : null,
          paymentMethod: body.paymentMethod,
          scheduledFor: body.isScheduled ? (body.scheduledFor ?? null) : null,
          passengerCount: body.passengerCount ?? (carriesPassengers && packageSize === null ? 1 : null),
          packageSize,
          notes: body.notes ?? null,
        };
        const context = commandContextFor(request);
        const result = await inWireTerms(requestRide(commands, booking, context), BOOKING_FIELDS);
        // The rider's choice to have their contacts told at trip start: a step of the booking (its
        // command id derived from the booking's), so a retry of the request records it once.
        if (body.notifyContactsAtStart) await sharing.chooseTripStartNotification(commands, { rideId: result.rideId }, stepContext(context, 'notify-contacts-at-start'));
        return reply.status(result.repeated ? 200 : 201).send(await answerAfterWrite(readDeps, me, result.rideId, result.stream));
      },
    );

    app.patch(
      '/api/rides/:rideId',
      {
        schema: {
          tags: ['rides'],
          summary: 'A driver takes a fixed-price ride: { status: "accepted" } (driverId, when sent, must be yours)',
          description: IDEMPOTENT_WRITE,
          params: RideParams,
          body: AcceptRideBody,
          response: { 200: Ride, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver'] }),
      },
      async (request) => {
        const me = signedInUser(request);
        const { driverId } = request.body;
        if (driverId !== undefined && driverId !== me.id) throw notYours('driverId', 'accept rides');
        const { rideId } = request.params;
        const result = await acceptRide(commands, { rideId, driverId: me.id }, commandContextFor(request));
        return answerAfterWrite(readDeps, me, rideId, result.stream);
      },
    );

    app.post(
      '/api/rides/:rideId/counter-offer',
      {
        schema: {
          tags: ['rides'],
          summary: 'The rider changes the offer on a bidding ride (ZMW, within the quote bounds), before accepting a bid',
          description: IDEMPOTENT_WRITE,
          params: RideParams,
          body: CounterOfferBody,
          response: { 200: Ride, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger'] }),
        preHandler: party.check,
      },
      async (request) => {
        const { rideId } = request.params;
        const offeredFareNgwee = ngweeOf(request.body.offeredFare);
        const result = await inWireTerms(counterOffer(commands, { rideId, offeredFareNgwee }, commandContextFor(request), party.streamOf(request)), { offeredFareNgwee: 'offeredFare' });
        return answerAfterWrite(readDeps, signedInUser(request), rideId, result.stream);
      },
    );

    app.post(
      '/api/rides/:rideId/decline-bids',
      {
        schema: {
          tags: ['rides'],
          summary: 'The rider turns down every bid, which cancels the bidding ride; the bids are then rejected',
          description: IDEMPOTENT_WRITE,
          params: RideParams,
          response: { 200: Ride, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger'] }),
        preHandler: party.check,
      },
      async (request) => {
        const { rideId } = request.params;
        const result = await declineAllBids(commands, { rideId }, commandContextFor(request), party.streamOf(request));
        return answerAfterWrite(readDeps, signedInUser(request), rideId, result.stream);
      },
    );
  };
}
