import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { goOffline } from '../../../commands/driver/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { driverById } from '../../../projections/driverProfiles/index.js';
import {
  countUsers,
  findUserById,
  listUsers,
  type UserRow,
  type UserUpdate,
} from '../../../accounts/index.js';
import { signedInUser } from '../../plugins/auth.js';
import { deleteUserAudited, editUserAudited } from '../../services/auditedChanges.js';
import { commandContextFor } from '../../support/commandContext.js';
import { errorResponses, iso } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { AdminUser, UpdateUserBody, UserList, UserParams, UsersQuery } from '../../../contract/admin.js';

type Patch = z.infer<typeof UpdateUserBody>;

/** Each editable field, as the wire names it and as the users table does. */
const COLUMNS = {
  name: 'full_name',
  email: 'email',
  phone: 'phone_number',
  userType: 'user_type',
  language: 'preferred_language',
  isActive: 'is_active',
} as const;

/**
 * The admin's users page. Admins edit, (de)activate and delete everyone but other admins
 * (spec 001 §6). Every change lands in the admin audit log in the same transaction.
 */
export function userAdminRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  /**
   * A driver who loses their account (or stops being a driver) first leaves duty, so dispatch
   * stops offering them rides; one engaged on a ride is refused — end or reassign the ride
   * first, or suspend them, which takes effect once the ride is over.
   */
  async function takeOffDuty(request: FastifyRequest, user: UserRow): Promise<void> {
    const profile = await driverById(db, user.id);
    if (!profile?.online) return;
    if (profile.engaged_ride_id) {
      const rideId = profile.engaged_ride_id;
      throw new DomainError('driver_busy', `This driver is on ride ${rideId}: end the ride first, or suspend the driver instead`, {
        rideId,
      });
    }
    await goOffline(commands, { driverId: user.id }, commandContextFor(request));
  }

  async function editableUser(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError('not_found', `No user ${userId}`, { userId });
    if (user.user_type === 'admin') {
      throw new DomainError('forbidden', 'Administrator accounts cannot be edited or deleted here', { userId });
    }
    return user;
  }

  return async (app) => {
    app.get(
      '/api/admin/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'Users, newest first: search name, e-mail, username or phone; filter by type',
          querystring: UsersQuery,
          response: { 200: UserList, ...errorResponses },
        },
      },
      async (request) => {
        const { search, type, limit, offset } = request.query;
        const [users, counts] = await Promise.all([listUsers(db, { search, userType: type, limit, offset }), countUsers(db)]);
        return { users: users.map(toAdminUser), counts };
      },
    );

    app.patch(
      '/api/admin/users/:userId',
      {
        schema: {
          tags: ['admin'],
          summary: 'Edit a non-admin user (name, email, phone, userType, language) or (de)activate them; deactivating ends their sessions',
          params: UserParams,
          body: UpdateUserBody,
          response: { 200: AdminUser, ...errorResponses },
        },
      },
      async (request) => {
        const before = await editableUser(request.params.userId);
        const patch: Patch = request.body;
        const changes = changesOf(before, patch);
        const leavesDuty = patch.isActive === false || (changes.userType !== undefined && patch.userType !== 'driver');
        if (leavesDuty && before.roles.includes('driver')) await takeOffDuty(request, before);
        const now = commands.clock.now();
        const update: Omit<UserUpdate, 'id' | 'updated_at'> = {};
        for (const field of Object.keys(changes) as Array<keyof typeof COLUMNS>) {
          Object.assign(update, { [COLUMNS[field]]: patch[field] });
        }
        // A new kind of account holds that one role (a two-role account becomes one kind again).
        if (patch.userType !== undefined && changes.userType !== undefined) update.roles = [patch.userType];
        const after = await editUserAudited(db, {
          before,
          update,
          changes,
          endSessions: patch.isActive === false,
          audit: auditOf(request, before.id, actionOf(patch)),
          now,
        });
        return toAdminUser(after);
      },
    );

    app.delete(
      '/api/admin/users/:userId',
      {
        schema: {
          tags: ['admin'],
          summary: 'Delete a non-admin user and everything the account holds (sessions, codes, saved payment accounts); cannot be undone',
          params: UserParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = await editableUser(request.params.userId);
        if (user.roles.includes('driver')) await takeOffDuty(request, user);
        const now = commands.clock.now();
        // The record keeps who was removed and what kind of account it was; the personal details go with the account.
        await deleteUserAudited(db, { user, audit: auditOf(request, user.id, 'user.deleted'), now });
        return reply.status(204).send(null);
      },
    );
  };
}

function changesOf(before: UserRow, patch: Patch): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>) {
    const to = patch[field];
    const from = before[COLUMNS[field]];
    if (to !== undefined && to !== from) changes[field] = { from, to };
  }
  return changes;
}

function actionOf(patch: Patch): string {
  if (patch.isActive === false) return 'user.deactivated';
  if (patch.isActive === true) return 'user.activated';
  return 'user.updated';
}

function auditOf(request: FastifyRequest, targetId: string, action: string) {
  return { actorUserId: signedInUser(request).id, action, targetType: 'user' as const, targetId, correlationId: request.id };
}

function toAdminUser(row: UserRow): z.infer<typeof AdminUser> {
  return {
    id: row.id,
    name: row.full_name,
    email: row.email,
    phone: row.phone_number,
    username: row.username,
    userType: row.user_type,
    roles: row.roles,
    language: row.preferred_language,
    isActive: row.is_active,
    mfaEnabled: row.mfa_enabled,
    createdAt: iso(row.created_at),
  };
}
