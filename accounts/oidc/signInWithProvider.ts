import type { AccountsContext, RequestOrigin } from '../context.js';
import type { UserRow } from '../accounts.table.js';
import { AuthError } from '../errors.js';
import type { IssuedSession } from '../sessions.js';
import { sendSignInCode, startPendingSession } from '../signIn.js';
import { findUserByEmail, findUserById, insertUser } from '../users.js';
import type { ProviderIdentity } from './provider.js';

/**
 * Finds the account a provider's identity belongs to: first by the provider's own subject id (it
 * survives a change of e-mail address), then by a VERIFIED e-mail address (linking the identity
 * for next time), else a new passenger account without a password. An unverified address never
 * matches anyone: it could be someone else's.
 */
export async function accountForIdentity(context: AccountsContext, identity: ProviderIdentity): Promise<UserRow> {
  const { db } = context;
  const now = context.clock.now();
  const linked = await db
    .selectFrom('external_identities')
    .select('user_id')
    .where('provider', '=', identity.provider)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  if (linked) return (await findUserById(db, linked.user_id))!;

  if (!identity.email || !identity.emailVerified) {
    throw new AuthError(401, 'email_unverified', `Your ${identity.provider} account has no verified e-mail address.`);
  }
  const user =
    (await findUserByEmail(db, identity.email)) ??
    (await insertUser(
      db,
      {
        email: identity.email,
        passwordHash: null,
        fullName: identity.name?.trim() || identity.email.split('@')[0]!,
        userType: 'passenger',
      },
      now,
    ));
  await db
    .insertInto('external_identities')
    .values({ provider: identity.provider, subject: identity.subject, user_id: user.id, email: identity.email, created_at: now })
    .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
    .execute();
  return user;
}

/** The provider vouched for the first factor; the second is still ours to ask, as after a password. */
export async function signInWithProvider(
  context: AccountsContext,
  identity: ProviderIdentity,
  origin: RequestOrigin,
  replacing?: string,
): Promise<{ user: UserRow; issued: IssuedSession }> {
  const user = await accountForIdentity(context, identity);
  if (!user.is_active) throw new AuthError(403, 'account_deactivated', 'This account has been deactivated.');
  const issued = await startPendingSession(context, user, origin, replacing);
  await sendSignInCode(context, user, origin);
  context.logger.info({ userId: user.id, provider: identity.provider }, 'provider sign-in accepted; second factor pending');
  return { user, issued };
}
