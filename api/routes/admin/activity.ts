import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { recentActivity, type ActivityEntryRow } from '../../../projections/adminActivity/index.js';
import { usersByIds } from '../../../accounts/index.js';
import { errorResponses, iso } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { ActivityList, ActivityQuery } from '../../../contract/admin.js';

type Entry = z.infer<typeof ActivityList>['activity'][number];

/** The dashboard's Recent Activity: the latest notable events, from the admin activity read model, with names. */
export function activityRoutes({ db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/activity',
      {
        schema: {
          tags: ['admin'],
          summary: 'The latest rides booked, assigned, completed, cancelled or expired, driver decisions and settings changes, newest first',
          querystring: ActivityQuery,
          response: { 200: ActivityList, ...errorResponses },
        },
      },
      async (request) => {
        const rows = await recentActivity(db, request.query.limit);
        const userIds = rows.flatMap((row) => [row.actor_user_id, row.driver_user_id].filter((id): id is string => id !== null));
        const users = await usersByIds(db, [...new Set(userIds)]);
        const nameOf = new Map(users.map((user) => [user.id, user.full_name]));
        return { activity: rows.map((row) => toEntry(row, nameOf)) };
      },
    );
  };
}

function toEntry(row: ActivityEntryRow, nameOf: ReadonlyMap<string, string>): Entry {
  return {
    id: row.event_id,
    at: iso(row.at),
    kind: row.kind,
    actor: { userId: row.actor_user_id, role: row.actor_role, name: row.actor_user_id ? (nameOf.get(row.actor_user_id) ?? null) : null },
    subject: { type: row.subject_type, id: row.subject_id, label: labelOf(row, nameOf) },
    details: row.details,
  };
}

function labelOf(row: ActivityEntryRow, nameOf: ReadonlyMap<string, string>): string | null {
  if (row.subject_type === 'ride') return row.ride_pickup && row.ride_dropoff ? `${row.ride_pickup} → ${row.ride_dropoff}` : null;
  if (row.subject_type === 'driver') {
    const name = row.driver_user_id ? nameOf.get(row.driver_user_id) : undefined;
    return [name, row.driver_plate].filter(Boolean).join(' · ') || null;
  }
  return null;
}
