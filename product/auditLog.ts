import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminAuditLogTable, AdminAuditRow, ProductDatabase } from './product.table.js';

type Db = Kysely<ProductDatabase>;

export interface AdminAction {
  actorUserId: string;
  action: string;
  targetType: AdminAuditLogTable['target_type'];
  targetId: string;
  changes: Record<string, unknown>;
  correlationId: string;
}

/**
 * Records what an admin changed outside the event store (accounts, support messages). Call it in
 * the same transaction as the change: a change is never made without its record.
 */
export async function recordAdminAction(db: Db, action: AdminAction, now: Date): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      id: randomUUID(),
      actor_user_id: action.actorUserId,
      action: action.action,
      target_type: action.targetType,
      target_id: action.targetId,
      changes: JSON.stringify(action.changes),
      correlation_id: action.correlationId,
      created_at: now,
    })
    .execute();
}

/** The log newest first, for one target when given. */
export async function listAdminActions(db: Db, filter: { targetId?: string; limit: number; before?: Date }): Promise<AdminAuditRow[]> {
  let query = db.selectFrom('admin_audit_log').selectAll();
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.before) query = query.where('created_at', '<', filter.before);
  return query.orderBy('created_at', 'desc').orderBy('seq', 'desc').limit(filter.limit).execute();
}
