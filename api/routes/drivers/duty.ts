import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordDriverLocation } from '../../../commands/dispatch/index.js';
import { recordTripPosition } from '../../../commands/safety/tripWatcher.js';
import { goOffline, goOnline } from '../../../commands/driver/index.js';
import { submitDriverApplication } from '../../../commands/driverVerification/index.js';
import { driverDutyStatus } from '../../../domain/driverDuty/index.js';
import { driverVerificationStatus } from '../../../domain/driverVerification/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { driverById } from '../../../projections/driverProfiles/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { commandContextFor, notYours } from '../../support/commandContext.js';
import { IDEMPOTENT_WRITE, errorResponses } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { DriverParams, DutyStatus, LocationBody, LocationRecorded, RegisterDriverBody, RegisteredDriver, StatusBody } from '../../../contract/drivers.js';

const VERIFICATION_WIRE = {
  notApplied: 'not_applied',
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  suspended: 'suspended',
} as const;

/** What drivers do: apply, go on and off duty, report where they are. A driver's id is their user id. */
export function driverDutyRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/drivers/register',
      {
        schema: {
          tags: ['drivers'],
          summary: 'Apply (or, after a rejection, apply again) to drive: the vehicle and the six documents Zambian e-hailing rules ask for',
          description: IDEMPOTENT_WRITE,
          body: RegisterDriverBody,
          response: { 201: RegisteredDriver, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver'] }),
      },
      async (request, reply) => {
        const driverId = signedInUser(request).id;
        const result = await submitDriverApplication(commands, { driverId, ...request.body }, commandContextFor(request));
        const { context } = result.state;
        return reply.status(201).send({
          driverId,
          verificationStatus: VERIFICATION_WIRE[driverVerificationStatus(result.state)],
          applications: context.submissions,
          submittedAt: context.application!.submittedAt,
        });
      },
    );

    app.patch(
      '/api/drivers/:driverId/status',
      {
        schema: {
          tags: ['drivers'],
          summary: 'Go online (approved drivers; with a location when known) or offline. An admin may take a driver offline.',
          description: IDEMPOTENT_WRITE,
          params: DriverParams,
          body: StatusBody,
          response: { 200: DutyStatus, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver', 'admin'] }),
      },
      async (request) => {
        const me = signedInUser(request);
        const { driverId } = request.params;
        const { isOnline, location } = request.body;
        const acting = driverId === me.id;
        if (me.userType !== 'admin' && !acting) throw notYours('driverId', 'change the duty status');
        if (location && !acting) throw notYours('location', 'report a position');
        if (!acting && !(await driverById(db, driverId))) throw new DomainError('not_found', `No driver ${driverId}`, { driverId });
        const context = commandContextFor(request);
        const result = isOnline ? await goOnline(commands, { driverId }, context) : await goOffline(commands, { driverId }, context);
        const status = driverDutyStatus(result.state);
        const at = commands.clock.now();
        const recorded = isOnline && location ? await recordDriverLocation(db, { driverId, ...location, at }) : null;
        if (recorded?.stored && location) await request.server.live?.publishLocation({ driverId, ...location, heading: null, at });
        return {
          driverId,
          status,
          isOnline: status !== 'offline',
          location: recorded && location ? { ...location, h3Cell: recorded.h3Cell } : null,
        };
      },
    );

    app.post(
      '/api/drivers/:driverId/location',
      {
        // Sent every few seconds by every online driver: log only problems.
        logLevel: 'warn',
        schema: {
          tags: ['drivers'],
          summary: "The driver's position, every few seconds while online (telemetry, not events); 409 while offline",
          params: DriverParams,
          body: LocationBody,
          response: { 200: LocationRecorded, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver'] }),
      },
      async (request) => {
        const { driverId } = request.params;
        if (driverId !== signedInUser(request).id) throw notYours('driverId', 'report a position');
        const profile = await driverById(db, driverId);
        // Nobody is tracked off duty: a position is kept only while the driver works.
        if (!profile?.online) throw new DomainError('driver_offline', 'Go online before sending your location', { driverId });
        const at = commands.clock.now();
        const { lat, lng, heading } = request.body;
        const { stored, h3Cell } = await recordDriverLocation(db, { driverId, lat, lng, heading: heading ?? null, at });
        // During a trip the position joins the trail ride checks are measured on.
        if (stored) await recordTripPosition(db, { driverId, lat, lng, at });
        // Only a newer position moves the car on the rider's map (an old ping arriving late must not).
        if (stored) await request.server.live?.publishLocation({ driverId, lat, lng, heading: heading ?? null, at });
        return { stored, h3Cell, recordedAt: at.toISOString() };
      },
    );
  };
}
