import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { haversineKm } from '../../../domain/fare/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { findDriverLocations } from '../../../commands/dispatch/index.js';
import { availableDrivers, driverById, driverByUserId } from '../../../projections/driverProfiles/index.js';
import { driverAssignedStatuses } from '../../../domain/ride/index.js';
import { riderHasRiddenWith, type RideWireStatus } from '../../../projections/rides/index.js';
import { usersByIds } from '../../../accounts/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { errorResponses } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { firstNameOf, toDriverCard, toDriverProfile } from './presenters.js';
import { AvailableDrivers, AvailableQuery, DriverCard, DriverParams, DriverProfile, UserParams } from '../../../contract/drivers.js';

/**
 * A rider may see their driver's card (name, phone, plate, vehicle, rating — Zambia's e-hailing
 * rules ask for them) once that driver is assigned to their ride, through the trip, and after it
 * is completed (receipts, lost property, complaints). A ride cancelled or expired does not count.
 */
const RIDER_SEES_DRIVER: readonly RideWireStatus[] = driverAssignedStatuses;

export function driverProfileRoutes({ db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/drivers/available',
      {
        schema: {
          tags: ['drivers'],
          summary:
            "Approved drivers on duty and free for a vehicle type: first name, vehicle, rating, distance (the booking screen's 'no drivers' notice)",
          querystring: AvailableQuery,
          response: { 200: AvailableDrivers, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request) => {
        const { vehicleType, lat, lng, limit } = request.query;
        const rows = await availableDrivers(db, vehicleType);
        const near = lat !== undefined && lng !== undefined ? { lat, lng } : null;
        const ids = rows.map((row) => row.driver_id);
        const [users, positions] = await Promise.all([
          usersByIds(
            db,
            rows.flatMap((row) => (row.user_id ? [row.user_id] : [])),
          ),
          near ? findDriverLocations(db, ids) : Promise.resolve([]),
        ]);
        const nameOf = new Map(users.map((user) => [user.id, user.full_name]));
        const positionOf = new Map(positions.map((position) => [position.driver_id, position]));
        const drivers = rows.map((row) => {
          const position = positionOf.get(row.driver_id);
          const distanceKm = near && position ? Math.round(haversineKm(near, position) * 100) / 100 : null;
          const vehicle =
            row.vehicle_make && row.vehicle_model && row.vehicle_type
              ? { make: row.vehicle_make, model: row.vehicle_model, colour: row.vehicle_colour ?? '', type: vehicleType }
              : null;
          const firstName = firstNameOf(row.user_id ? nameOf.get(row.user_id) : undefined);
          return { driverId: row.driver_id, firstName, vehicle, rating: row.rating, distanceKm };
        });
        // Nearest first where distances are known; the rest keep the longest-online-first order.
        drivers.sort((a, b) => (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY));
        return { vehicleType, count: drivers.length, drivers: drivers.slice(0, limit) };
      },
    );

    app.get(
      '/api/drivers/user/:userId',
      {
        schema: {
          tags: ['drivers'],
          summary: 'The driver profile of a user account: your own, or any for an admin; 404 before applying',
          params: UserParams,
          response: { 200: DriverProfile, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request) => {
        const me = signedInUser(request);
        const { userId } = request.params;
        if (userId !== me.id && me.userType !== 'admin') {
          throw new DomainError('forbidden', 'userId: you may read only your own driver profile', { field: 'userId' });
        }
        const row = await driverByUserId(db, userId);
        if (!row) throw new DomainError('not_found', 'This user has not applied to drive', { userId });
        return toDriverProfile(row);
      },
    );

    app.get(
      '/api/drivers/:driverId',
      {
        schema: {
          tags: ['drivers'],
          summary:
            'A driver card (name, phone, plate, vehicle, rating): for the driver, an admin, or the rider of a ride the driver is assigned to',
          params: DriverParams,
          response: { 200: DriverCard, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request) => {
        const me = signedInUser(request);
        const { driverId } = request.params;
        if (driverId !== me.id && me.userType !== 'admin' && !(await riderHasRiddenWith(db, me.id, driverId, RIDER_SEES_DRIVER))) {
          // The same answer whether or not the driver exists: a stranger learns nothing.
          throw new DomainError('forbidden', "You may see a driver's details only while they drive you (or after they have)", { driverId });
        }
        const row = await driverById(db, driverId);
        if (!row || row.verification_status === 'not_applied') throw new DomainError('not_found', `No driver ${driverId}`, { driverId });
        const [user] = row.user_id ? await usersByIds(db, [row.user_id]) : [];
        return toDriverCard(row, user);
      },
    );
  };
}
