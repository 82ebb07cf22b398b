import { randomUUID } from 'node:crypto';
import type { AccountsContext, RequestOrigin } from './context.js';
import type { CodeChannel, CodePurpose, UserRow } from './accounts.table.js';
import { AuthError } from './errors.js';
import { reserveAttempt } from './rateLimits.js';
import { codeDigest, newSixDigitCode, sameDigest } from './secrets.js';
import { codeMessage, deliveryUnavailable } from './transport.js';

export interface CodeDelivery {
  channel: CodeChannel;
  /** Where it went, masked: all but the last 4 digits of a phone, most of an e-mail's name. */
  destination: string;
  expiresInSeconds: number;
  resendInSeconds: number;
}

/** SMS to the phone when there is one and SMS can be sent; otherwise e-mail. */
function chooseChannel(context: AccountsContext, user: UserRow): { channel: CodeChannel; to: string } {
  const { channels } = context.transport;
  if (user.phone_number && channels.has('sms')) return { channel: 'sms', to: user.phone_number };
  if (channels.has('email')) return { channel: 'email', to: user.email };
  throw deliveryUnavailable(user.phone_number ? 'sms' : 'email');
}

/**
 * Sends a new 6-digit code (the previous unused one for the same purpose stops working). At most
 * one code per account every 30 s, and a bounded number per IP, so nobody can run up an SMS bill.
 */
export async function sendOneTimeCode(
  context: AccountsContext,
  user: UserRow,
  purpose: CodePurpose,
  origin: RequestOrigin,
): Promise<CodeDelivery> {
  const { db, policy } = context;
  const now = context.clock.now();
  const destination = chooseChannel(context, user);

  const code = newSixDigitCode();
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    // The user's row lock serialises two simultaneous requests: only one passes the cooldown.
    await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst();
    const latest = await trx
      .selectFrom('one_time_codes')
      .select('sent_at')
      .where('user_id', '=', user.id)
      .orderBy('sent_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const waitMs = latest ? latest.sent_at.getTime() + policy.resendCooldownMs - now.getTime() : 0;
    if (waitMs > 0) {
      const retryAfterSeconds = Math.ceil(waitMs / 1000);
      throw new AuthError(429, 'resend_cooldown', `Please wait ${retryAfterSeconds} seconds before asking for another code.`, {
        retryAfterSeconds,
      });
    }
    const perIp = await reserveAttempt(
      trx,
      [{ key: `code-send:ip:${origin.ip}`, max: policy.maxCodesSentPerIpPerWindow, windowMs: policy.failureWindowMs }],
      now,
    );
    if (!perIp.allowed) {
      throw new AuthError(429, 'too_many_codes', 'Too many codes have been sent from this network. Try again later.', {
        retryAfterSeconds: perIp.retryAfterSeconds,
      });
    }
    await trx
      .updateTable('one_time_codes')
      .set({ consumed_at: now })
      .where('user_id', '=', user.id)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('one_time_codes')
      .values({
        id,
        user_id: user.id,
        purpose,
        channel: destination.channel,
        code_hash: codeDigest(context.secret, user.id, code),
        sent_at: now,
        expires_at: new Date(now.getTime() + policy.codeTtlMs),
        consumed_at: null,
      })
      .execute();
  });

  try {
    await context.transport.send(codeMessage(destination.channel, destination.to, purpose, code, Math.round(policy.codeTtlMs / 60_000)));
  } catch (error) {
    // A code nobody received must not hold the resend button down for 30 s.
    await db.deleteFrom('one_time_codes').where('id', '=', id).execute();
    if (error instanceof AuthError) throw error;
    context.logger.error({ err: error, channel: destination.channel }, 'one-time code delivery failed');
    throw new AuthError(502, 'delivery_failed', 'We could not send your code. Please try again in a moment.');
  }
  return {
    channel: destination.channel,
    destination: mask(destination),
    expiresInSeconds: Math.round(policy.codeTtlMs / 1000),
    resendInSeconds: Math.round(policy.resendCooldownMs / 1000),
  };
}

export type CodeCheck = 'accepted' | 'wrong' | 'expired' | 'locked' | 'none';

/**
 * Checks a code against the latest one sent for the purpose. Single-use (a row lock makes two
 * simultaneous correct entries count once), expires, and locks after the policy's wrong tries.
 */
export async function checkOneTimeCode(context: AccountsContext, userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const now = context.clock.now();
  return context.db.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('sent_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!latest) return 'none';
    if (latest.attempts >= context.policy.maxCodeAttempts) return 'locked';
    if (latest.expires_at.getTime() <= now.getTime()) return 'expired';
    if (sameDigest(latest.code_hash, codeDigest(context.secret, userId, code))) {
      await trx.updateTable('one_time_codes').set({ consumed_at: now }).where('id', '=', latest.id).execute();
      return 'accepted';
    }
    await trx.updateTable('one_time_codes').set({ attempts: latest.attempts + 1 }).where('id', '=', latest.id).execute();
    return 'wrong';
  });
}

function mask({ channel, to }: { channel: CodeChannel; to: string }): string {
  if (channel === 'sms') return `${'•'.repeat(Math.max(0, to.length - 4))}${to.slice(-4)}`;
  const [name = '', domain = ''] = to.split('@');
  return `${name.slice(0, 1)}${'•'.repeat(Math.max(1, name.length - 1))}@${domain}`;
}
