import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from './accounts.table.js';
import { codeDigest, newBackupCode, normaliseBackupCode } from './secrets.js';

type Db = Kysely<AccountsDatabase>;

/**
 * Issues a fresh set for an enrolment in progress. They work only once the enrolment is
 * confirmed (`activateBackupCodes`); an abandoned enrolment's set is replaced by the next one.
 */
export async function issueBackupCodes(db: Db, secret: string, userId: string, count: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: count }, newBackupCode);
  await db.deleteFrom('backup_codes').where('user_id', '=', userId).where('activated_at', 'is', null).execute();
  await db
    .insertInto('backup_codes')
    .values(
      codes.map((code) => ({
        id: randomUUID(),
        user_id: userId,
        code_hash: codeDigest(secret, userId, normaliseBackupCode(code)),
        created_at: now,
        activated_at: null,
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

/** The confirmed enrolment's set replaces whatever set came before. */
export async function activateBackupCodes(db: Db, userId: string, now: Date): Promise<void> {
  await db.deleteFrom('backup_codes').where('user_id', '=', userId).where('activated_at', 'is not', null).execute();
  await db.updateTable('backup_codes').set({ activated_at: now }).where('user_id', '=', userId).execute();
}

export async function discardBackupCodes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
}

/** Uses a backup code up; true only the first time a valid one is presented. */
export async function consumeBackupCode(db: Db, secret: string, userId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('backup_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeDigest(secret, userId, normaliseBackupCode(code)))
    .where('activated_at', 'is not', null)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}

export async function remainingBackupCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('backup_codes')
    .select((eb) => eb.fn.countAll<string>().as('remaining'))
    .where('user_id', '=', userId)
    .where('activated_at', 'is not', null)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.remaining);
}
