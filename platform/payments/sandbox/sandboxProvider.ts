import type { Kysely } from 'kysely';
import { z } from 'zod';
import { mobileMoneyMethods, mobileMoneyNetworks } from '../../../domain/catalogue/payments.js';
import { paymentFailureReasonSchema } from '../../../domain/payment/rules.js';
import { referenceOfCallbackPath, requestCallbackUrl } from '../callbackTokens.js';
import { callProvider, describeReply, type Fetch } from '../http.js';
import type {
  CallbackVerdict,
  CollectionRequest,
  IncomingCallback,
  PaymentProvider,
  ProviderFailureReason,
  ProviderOutcome,
  RefundCapability,
  RefundOutcome,
  RequestToPayOutcome,
} from '../port.js';
import type { SandboxDatabase, SandboxRequestRow } from './sandboxTables.js';

export interface SandboxOptions {
  db: Kysely<SandboxDatabase>;
  callbackBaseUrl: string;
  callbackSecret: string;
  timeoutMs: number;
  now?: () => Date;
}

const GATEWAY = 'sandbox';

/** What the sandbox posts back, modelled on MTN's callback: the final status of one request. */
const callbackBody = z.object({
  reference: z.uuid(),
  status: z.enum(['SUCCESSFUL', 'FAILED']),
  transactionId: z.string().min(1).nullable(),
  reason: paymentFailureReasonSchema.exclude(['cash_not_paid']).nullable(),
});
type SandboxCallbackBody = z.infer<typeof callbackBody>;

/** The development wallet's side of the sandbox: what a payer sees and does on their "phone". */
export interface SandboxWallet {
  list(filter?: { status?: SandboxRequestRow['status']; limit?: number }): Promise<SandboxRequestRow[]>;
  /** Approves a pending request and delivers the callback; null when there is no pending request of that reference. */
  approve(reference: string): Promise<SandboxDecision | null>;
  decline(reference: string, reason?: ProviderFailureReason): Promise<SandboxDecision | null>;
}

export interface SandboxDecision {
  request: SandboxRequestRow;
  /** Whether the callback reached us; when it did not, status polling still tells the outcome. */
  callback: { delivered: true } | { delivered: false; detail: string };
}

/**
 * The built-in sandbox: a provider that moves no money, the default when no provider is
 * configured, so payments can be shown end to end. A request waits (in PostgreSQL) until the
 * development wallet approves or declines it; the outcome then comes back as a real provider's
 * would — by an HTTP callback to our callback URL, authenticated by its per-request token — and
 * by status polling.
 */
export function sandboxProvider(options: SandboxOptions, fetchImpl: Fetch = fetch): PaymentProvider & { wallet: SandboxWallet } {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  const requestToPay = async (request: CollectionRequest): Promise<RequestToPayOutcome> => {
    if (mobileMoneyNetworks[request.method] !== request.payer.network) {
      return { status: 'failed', reason: 'payer_not_found', detail: `${request.payer.msisdn} is not on the ${request.method} network` };
    }
    // The same reference again is the same request: it stands as it was.
    await db
      .insertInto('sandbox_payment_requests')
      .values({
        reference: request.reference,
        ride_id: request.rideId,
        method: request.method,
        msisdn: request.payer.msisdn,
        amount_ngwee: request.amountNgwee,
        description: request.description,
        status: 'pending',
        decline_reason: null,
        transaction_id: null,
        requested_at: now(),
        decided_at: null,
        callback_delivered_at: null,
        callback_error: null,
      })
      .onConflict((conflict) => conflict.column('reference').doNothing())
      .execute();
    return { status: 'accepted' };
  };

  const findRequest = (reference: string) =>
    z.uuid().safeParse(reference).success
      ? db.selectFrom('sandbox_payment_requests').selectAll().where('reference', '=', reference).executeTakeFirst()
      : Promise.resolve(undefined);

  const status = async (reference: string): Promise<ProviderOutcome> => {
    const row = await findRequest(reference);
    if (!row) return { status: 'not_found' };
    if (row.status === 'pending') return { status: 'pending' };
    if (row.status === 'approved') return { status: 'succeeded', providerTransactionId: row.transaction_id };
    return { status: 'failed', reason: row.decline_reason ?? 'declined', detail: 'declined on the sandbox wallet' };
  };

  const receiveCallback = async (callback: IncomingCallback): Promise<CallbackVerdict> => {
    const reference = referenceOfCallbackPath(callback.path, options.callbackSecret, GATEWAY);
    if (reference === null)
      return { accepted: false, problem: 'unauthenticated', detail: 'the callback URL does not carry our token for this reference' };
    const body = callbackBody.safeParse(callback.body);
    if (callback.method !== 'POST' || !body.success || body.data.reference !== reference) {
      return {
        accepted: false,
        problem: 'malformed',
        detail: body.success
          ? 'not a POST for this reference'
          : body.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      };
    }
    const outcome =
      body.data.status === 'SUCCESSFUL'
        ? { status: 'succeeded' as const, providerTransactionId: body.data.transactionId }
        : { status: 'failed' as const, reason: body.data.reason ?? 'declined', detail: 'declined on the sandbox wallet' };
    return { accepted: true, reference, outcome };
  };

  const deliver = async (row: SandboxRequestRow): Promise<SandboxDecision> => {
    const body: SandboxCallbackBody = {
      reference: row.reference,
      status: row.status === 'approved' ? 'SUCCESSFUL' : 'FAILED',
      transactionId: row.transaction_id,
      reason: row.status === 'declined' ? row.decline_reason : null,
    };
    const reply = await callProvider(
      fetchImpl,
      requestCallbackUrl(options.callbackBaseUrl, options.callbackSecret, GATEWAY, row.reference),
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      options.timeoutMs,
    );
    const delivered = reply.kind === 'reply' && reply.status >= 200 && reply.status < 300;
    const detail = reply.kind === 'unreachable' ? reply.detail : describeReply(reply);
    const updated = await db
      .updateTable('sandbox_payment_requests')
      .set(delivered ? { callback_delivered_at: now(), callback_error: null } : { callback_error: detail })
      .where('reference', '=', row.reference)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { request: updated, callback: delivered ? { delivered: true } : { delivered: false, detail } };
  };

  const decide = async (reference: string, decision: { status: 'approved' } | { status: 'declined'; reason: ProviderFailureReason }) => {
    if (!z.uuid().safeParse(reference).success) return null;
    const row = await db
      .updateTable('sandbox_payment_requests')
      .set({
        status: decision.status,
        decline_reason: decision.status === 'declined' ? decision.reason : null,
        transaction_id: decision.status === 'approved' ? `SBX-${reference.slice(0, 8).toUpperCase()}` : null,
        decided_at: now(),
      })
      .where('reference', '=', reference)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    return row ? deliver(row) : null;
  };

  const wallet: SandboxWallet = {
    list: ({ status: wanted, limit = 50 } = {}) => {
      let query = db.selectFrom('sandbox_payment_requests').selectAll();
      if (wanted) query = query.where('status', '=', wanted);
      return query.orderBy('requested_at', 'desc').orderBy('reference').limit(limit).execute();
    },
    approve: (reference) => decide(reference, { status: 'approved' }),
    decline: (reference, reason = 'declined') => decide(reference, { status: 'declined', reason }),
  };

  const refunds: RefundCapability = {
    partial: true,
    async refund(request): Promise<RefundOutcome> {
      const paid = await findRequest(request.paymentReference);
      if (paid?.status !== 'approved') return { status: 'failed', detail: `no approved sandbox payment ${request.paymentReference}` };
      const earlier = await db
        .selectFrom('sandbox_refunds')
        .select('amount_ngwee')
        .where('payment_reference', '=', request.paymentReference)
        .where('refund_reference', '!=', request.refundReference)
        .execute();
      const refunded = earlier.reduce((sum, row) => sum + row.amount_ngwee, 0);
      if (refunded + request.amountNgwee > paid.amount_ngwee) return { status: 'failed', detail: 'more than the payment left to refund' };
      const transactionId = `SBX-R-${request.refundReference.slice(0, 8).toUpperCase()}`;
      await db
        .insertInto('sandbox_refunds')
        .values({
          refund_reference: request.refundReference,
          payment_reference: request.paymentReference,
          amount_ngwee: request.amountNgwee,
          transaction_id: transactionId,
          refunded_at: now(),
        })
        .onConflict((conflict) => conflict.column('refund_reference').doNothing())
        .execute();
      return { status: 'succeeded', providerTransactionId: transactionId };
    },
    async status(refundReference) {
      const row = z.uuid().safeParse(refundReference).success
        ? await db.selectFrom('sandbox_refunds').selectAll().where('refund_reference', '=', refundReference).executeTakeFirst()
        : undefined;
      return row ? { status: 'succeeded', providerTransactionId: row.transaction_id } : { status: 'not_found' };
    },
  };

  return { gateway: GATEWAY, methods: mobileMoneyMethods, requestToPay, status, receiveCallback, refunds, wallet };
}
