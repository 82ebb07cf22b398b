import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findDriverLocation } from '../../../commands/dispatch/index.js';
import { haversineKm } from '../../../domain/fare/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { driverById } from '../../../projections/driverProfiles/index.js';
import { pendingRidesForVehicleType, ridesForDriver, ridesForRider, type RideRow } from '../../../projections/rides/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { notYours } from '../../support/commandContext.js';
import { errorResponses } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { partyOf, presentList, readRideFor } from './rideSources.js';
import { DriverParams, PendingRides, Ride, RideList, RideListQuery, RideParams, VehicleTypeParams } from '../../../contract/rides.js';

/** How many pending rides a driver's list shows at once (newest search first). */
const PENDING_LIST_SIZE = 50;

const nextBefore = (rows: readonly RideRow[], limit: number) => (rows.length === limit ? rows.at(-1)!.created_at.toISOString() : null);

/** What riders, drivers and admins read about rides: from the read models, never with a PIN for a driver. */
export function rideReadRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  const readDeps = { db, store: commands.store, router: commands.router };
  return async (app) => {
    app.get(
      '/api/rides/mine',
      {
        schema: {
          tags: ['rides'],
          summary: "The rider's rides, newest booking first (`limit`, `before` for the next page)",
          querystring: RideListQuery,
          response: { 200: RideList, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger'] }),
      },
      async (request) => {
        const me = signedInUser(request);
        const { limit, before } = request.query;
        const rows = await ridesForRider(db, me.id, { limit, before });
        return { rides: await presentList(db, rows, () => 'rider'), nextBefore: nextBefore(rows, limit) };
      },
    );

    app.get(
      '/api/rides/driver/:driverId',
      {
        schema: {
          tags: ['rides'],
          summary: "A driver's rides, newest booking first: the driver's own, or any driver's for an admin",
          params: DriverParams,
          querystring: RideListQuery,
          response: { 200: RideList, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver', 'admin'] }),
      },
      async (request) => {
        const me = signedInUser(request);
        const { driverId } = request.params;
        if (me.userType !== 'admin' && driverId !== me.id) throw notYours('driverId', 'list rides');
        if (me.userType === 'admin' && !(await driverById(db, driverId))) {
          throw new DomainError('not_found', `No driver ${driverId}`, { driverId });
        }
        const { limit, before } = request.query;
        const rows = await ridesForDriver(db, driverId, { limit, before });
        return { rides: await presentList(db, rows, (ride) => partyOf(me, ride) ?? 'candidate'), nextBefore: nextBefore(rows, limit) };
      },
    );

    app.get(
      '/api/rides/pending/:vehicleType',
      {
        // Sent every few seconds by every online driver: log only problems.
        logLevel: 'warn',
        schema: {
          tags: ['rides'],
          summary: 'Rides looking for a driver, for a verified driver of that vehicle type (polled every 5 s while online)',
          params: VehicleTypeParams,
          response: { 200: PendingRides, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver'] }),
      },
      async (request) => {
        const me = signedInUser(request);
        const { vehicleType } = request.params;
        const profile = await driverById(db, me.id);
        if (profile?.verification_status !== 'approved') {
          throw new DomainError('forbidden', 'Only verified drivers see ride requests; your application is not approved', {
            verificationStatus: profile?.verification_status ?? 'not_applied',
          });
        }
        if (profile.vehicle_type !== vehicleType) {
          throw new DomainError('forbidden', `vehicleType: you drive a ${profile.vehicle_type}, so you see ${profile.vehicle_type} requests only`, {
            field: 'vehicleType',
            yourVehicleType: profile.vehicle_type,
          });
        }
        const [rows, position] = await Promise.all([
          pendingRidesForVehicleType(db, vehicleType, { limit: PENDING_LIST_SIZE, exceptRiderId: me.id }),
          findDriverLocation(db, me.id),
        ]);
        const rides = await presentList(db, rows, () => 'candidate');
        return {
          vehicleType,
          rides: rides.map((ride) => ({
            ...ride,
            pickupDistanceKm: position ? Math.round(haversineKm(position, ride.pickupLocation) * 100) / 100 : null,
          })),
        };
      },
    );

    app.get(
      '/api/rides/:rideId',
      {
        schema: {
          tags: ['rides'],
          summary: 'One ride, for its rider, its driver or an admin (404 to anyone else): status, driver card, ETA; the PIN for the rider only',
          params: RideParams,
          response: { 200: Ride, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request) => readRideFor(readDeps, signedInUser(request), request.params.rideId),
    );
  };
}
