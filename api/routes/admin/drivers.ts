import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { approveDriver, rejectDriver, reinstateDriver, suspendDriver } from '../../../commands/driverVerification/index.js';
import { driverVerificationStatus, type DriverVerificationState } from '../../../domain/driverVerification/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { driverById, driversForAdmin, type DriverProfileRow } from '../../../projections/driverProfiles/index.js';
import { userIdsMatching, type UserRow, usersByIds } from '../../../accounts/index.js';
import { commandContextFor } from '../../support/commandContext.js';
import { IDEMPOTENT_WRITE, errorResponses } from '../../support/http.js';
import { toDriverProfile } from '../drivers/presenters.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { AdminDriver, DriverDecision, DriverList, DriverParams, DriversQuery, SuspendDriverBody, VerifyDriverBody } from '../../../contract/admin.js';

/** The admin's drivers page and the verification decisions, through the driver-verification handlers. */
export function driverAdminRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  /** Decisions are about drivers who applied: anyone else is unknown here (404), not a conflict. */
  async function applicant(driverId: string): Promise<void> {
    const row = await driverById(db, driverId);
    if (!row || row.verification_status === 'not_applied') {
      throw new DomainError('not_found', `No driver application ${driverId}`, { driverId });
    }
  }

  const decisionRoute = { tags: ['admin'], params: DriverParams, response: { 200: DriverDecision, ...errorResponses } };

  return async (app) => {
    app.get(
      '/api/admin/drivers',
      {
        schema: {
          tags: ['admin'],
          summary:
            "Drivers who applied, newest first, with the tabs' counts; search matches licence, plate, vehicle, and the driver's name, e-mail or phone",
          querystring: DriversQuery,
          response: { 200: DriverList, ...errorResponses },
        },
      },
      async (request) => {
        const { search, status } = request.query;
        const matchingUserIds = search ? await userIdsMatching(db, search) : [];
        const { drivers, counts } = await driversForAdmin(db, { search, status, matchingUserIds });
        const users = await usersByIds(
          db,
          drivers.flatMap((row) => (row.user_id ? [row.user_id] : [])),
        );
        const userOf = new Map(users.map((user) => [user.id, user]));
        return { drivers: drivers.map((row) => toAdminDriver(row, row.user_id ? userOf.get(row.user_id) : undefined)), counts };
      },
    );

    app.patch(
      '/api/admin/drivers/:driverId/verify',
      {
        schema: {
          ...decisionRoute,
          summary: 'Approve or reject a pending application (a rejection needs a reason)',
          description: IDEMPOTENT_WRITE,
          body: VerifyDriverBody,
        },
      },
      async (request) => {
        const { driverId } = request.params;
        await applicant(driverId);
        const { verificationStatus, reason } = request.body;
        const context = commandContextFor(request);
        const result =
          verificationStatus === 'approved'
            ? await approveDriver(commands, { driverId }, context)
            : await rejectDriver(commands, { driverId, reason: reason! }, context);
        return decisionOf(driverId, result.state);
      },
    );

    app.post(
      '/api/admin/drivers/:driverId/suspend',
      {
        schema: {
          ...decisionRoute,
          summary: 'Suspend an approved driver: at once off duty, or as soon as their current ride ends',
          description: IDEMPOTENT_WRITE,
          body: SuspendDriverBody,
        },
      },
      async (request) => {
        const { driverId } = request.params;
        await applicant(driverId);
        const result = await suspendDriver(commands, { driverId, reason: request.body.reason }, commandContextFor(request));
        return decisionOf(driverId, result.state);
      },
    );

    app.post(
      '/api/admin/drivers/:driverId/reinstate',
      { schema: { ...decisionRoute, summary: 'Reinstate a suspended driver', description: IDEMPOTENT_WRITE } },
      async (request) => {
        const { driverId } = request.params;
        await applicant(driverId);
        const result = await reinstateDriver(commands, { driverId }, commandContextFor(request));
        return decisionOf(driverId, result.state);
      },
    );
  };
}

function decisionOf(driverId: string, state: DriverVerificationState): z.infer<typeof DriverDecision> {
  const status = driverVerificationStatus(state);
  if (status === 'notApplied') throw new DomainError('not_found', `No driver application ${driverId}`, { driverId });
  const decision = state.context.lastDecision;
  return { driverId, verificationStatus: status, decidedAt: decision?.at ?? null, reason: decision?.reason ?? null };
}

function toAdminDriver(row: DriverProfileRow, user: UserRow | undefined): z.infer<typeof AdminDriver> {
  const verificationStatus = row.verification_status;
  // driverById and driversForAdmin leave out who never applied; the answer says so.
  if (verificationStatus === 'not_applied') throw new DomainError('not_found', `No driver application ${row.driver_id}`, { driverId: row.driver_id });
  return {
    ...toDriverProfile(row),
    verificationStatus,
    userName: user?.full_name ?? null,
    userEmail: user?.email ?? null,
    userPhone: user?.phone_number ?? null,
    decidedBy: row.decided_by,
  };
}
