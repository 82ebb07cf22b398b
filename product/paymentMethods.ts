import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PaymentProvider } from '../domain/catalogue/index.js';
import { DomainError } from '../domain/shared/index.js';
import type { ProductDatabase, SavedPaymentMethodRow } from './product.table.js';

type Db = Kysely<ProductDatabase>;

/** How many accounts one user may keep; more is a sign of abuse, not of need. */
export const MAX_SAVED_METHODS = 10;

export async function savedMethodsOf(db: Db, userId: string): Promise<SavedPaymentMethodRow[]> {
  return db
    .selectFrom('saved_payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Saves an account for the user. The first one becomes the default; asking for a new default
 * moves the badge in the same transaction. The same account twice is a 409.
 */
export async function saveMethod(
  db: Db,
  method: { userId: string; provider: PaymentProvider; accountNumber: string; makeDefault: boolean },
  now: Date,
): Promise<SavedPaymentMethodRow> {
  return db.transaction().execute(async (trx) => {
    // One user's saves run one at a time, so the count and the default stay right under races.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`saved_payment_methods:${method.userId}`}))`.execute(trx);
    const existing = await savedMethodsOf(trx, method.userId);
    if (existing.some((row) => row.provider === method.provider.id && row.account_number === method.accountNumber)) {
      throw new DomainError('conflict', `accountNumber: this ${method.provider.name} account is already saved`, {
        issues: [{ field: 'body.accountNumber', message: 'is already saved' }],
      });
    }
    if (existing.length >= MAX_SAVED_METHODS) {
      throw new DomainError('conflict', `You can keep at most ${MAX_SAVED_METHODS} payment methods; remove one first`);
    }
    const isDefault = method.makeDefault || existing.length === 0;
    if (isDefault) {
      await trx
        .updateTable('saved_payment_methods')
        .set({ is_default: false, updated_at: now })
        .where('user_id', '=', method.userId)
        .execute();
    }
    return trx
      .insertInto('saved_payment_methods')
      .values({
        id: randomUUID(),
        user_id: method.userId,
        provider: method.provider.id,
        type: method.provider.type,
        account_number: method.accountNumber,
        is_default: isDefault,
        is_verified: false,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Removes one of the user's own accounts; false when they have none with that id. */
export async function removeMethod(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`saved_payment_methods:${userId}`}))`.execute(trx);
    const removed = await trx
      .deleteFrom('saved_payment_methods')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('is_default')
      .executeTakeFirst();
    if (!removed) return false;
    if (removed.is_default) {
      // The oldest remaining account inherits the default, so a user with accounts always has one.
      const next = await trx
        .selectFrom('saved_payment_methods')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (next) {
        await trx.updateTable('saved_payment_methods').set({ is_default: true, updated_at: now }).where('id', '=', next.id).execute();
      }
    }
    return true;
  });
}

/** All but the last four characters hidden: `•••• 4567`. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}
