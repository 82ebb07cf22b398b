import { deleteUser, endSessionsOf, updateUser, type UserRow, type UserUpdate } from '../../accounts/index.js';
import {
  findSupportMessage,
  recordAdminAction,
  setSupportMessageStatus,
  type AdminAction,
  type SupportMessageRow,
} from '../../product/index.js';
import { inTransaction, type SharedDatabase } from './database.js';

/**
 * Changes an admin makes outside the event store (accounts, support messages), each in one
 * transaction with its line in the admin audit log: a change is never made without its record.
 * The accounts and the product tables do not know each other, so the app joins them here.
 */

type Audit = Omit<AdminAction, 'changes'>;

/** Applies the patch (when there is one) and, when deactivating, ends the user's sessions. */
export async function editUserAudited(
  db: SharedDatabase,
  input: {
    before: UserRow;
    update: Omit<UserUpdate, 'id' | 'updated_at'>;
    changes: Record<string, unknown>;
    endSessions: boolean;
    audit: Audit;
    now: Date;
  },
): Promise<UserRow> {
  const { before, update, changes, endSessions, audit, now } = input;
  return inTransaction(db, async (trx) => {
    if (Object.keys(changes).length === 0) return before;
    const updated = await updateUser(trx, before.id, update, now);
    const sessionsEnded = endSessions ? await endSessionsOf(trx, before.id, now) : 0;
    await recordAdminAction(trx, { ...audit, changes: { ...changes, ...(sessionsEnded ? { sessionsEnded } : {}) } }, now);
    return updated;
  });
}

/** Deletes the account; the record keeps who was removed and what kind of account it was. */
export async function deleteUserAudited(db: SharedDatabase, input: { user: UserRow; audit: Audit; now: Date }): Promise<void> {
  const { user, audit, now } = input;
  await inTransaction(db, async (trx) => {
    await deleteUser(trx, user.id);
    await recordAdminAction(trx, { ...audit, changes: { userType: user.user_type } }, now);
  });
}

/** Moves a support message to a status; undefined when there is no such message. */
export async function setSupportStatusAudited(
  db: SharedDatabase,
  input: { id: string; status: SupportMessageRow['status']; audit: Omit<Audit, 'action' | 'targetType' | 'targetId'>; now: Date },
): Promise<SupportMessageRow | undefined> {
  const { id, status, audit, now } = input;
  return inTransaction(db, async (trx) => {
    const before = await findSupportMessage(trx, id);
    if (!before) return undefined;
    const after = await setSupportMessageStatus(trx, id, status, now);
    if (before.status !== status) {
      await recordAdminAction(
        trx,
        { ...audit, action: 'support.status_changed', targetType: 'support_message', targetId: id, changes: { status: { from: before.status, to: status } } },
        now,
      );
    }
    return after;
  });
}
