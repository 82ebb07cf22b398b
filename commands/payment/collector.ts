import type { Kysely } from 'kysely';
import type { MobileMoneyMethod } from '../../domain/catalogue/payments.js';
import type { Actor } from '../../domain/shared/command.js';
import { DomainError } from '../../domain/shared/index.js';
import type { PaymentGatewayId } from '../../domain/payment/index.js';
import type { MobileNetwork } from '../../domain/shared/phone.js';
import type {
  FinalOutcome,
  IncomingCallback,
  PaymentProvider,
  ProviderOutcome,
  RefundOutcome,
} from '../../platform/payments/port.js';
import { abortableDelay } from '../../projections/runner/abortableDelay.js';
import { silentLogger, type ProjectionLogger } from '../../projections/runner/logger.js';
import { uuidV5 } from '../shared/eventIds.js';
import type { CommandContext } from '../shared/handleCommand.js';
import type { CommandServices } from '../shared/services.js';
import type { CollectionAttemptRow, CollectionRefundRow, PaymentCollectionTables } from './collectionTable.js';
import {
  recordPaymentAwaitingApproval,
  recordPaymentFailed,
  recordPaymentSucceeded,
  recordRefundCompleted,
  recordRefundFailed,
} from './paymentCommands.js';

/** The platform's payment desk, as the lifecycles see it in the metadata. */
export const collectorActor: Actor = { userId: 'payments', role: 'system' };

export interface PaymentCollectorOptions {
  services: CommandServices;
  /** Each configured provider by its gateway id. */
  providers: ReadonlyMap<PaymentGatewayId, PaymentProvider>;
  logger?: ProjectionLogger;
  /** How often due work is looked for (default 1 s). */
  pollIntervalMs?: number;
  /** After a request is sent, how long the callback has before we ask (default 30 s); each further ask waits twice as long. */
  firstCheckAfterMs?: number;
  /** The longest wait between two asks (default 10 min). */
  maxCheckIntervalMs?: number;
  /** After this long without a final word, stop asking: the reconciliation report lists it (default 3 days). */
  giveUpAfterMs?: number;
  /** How long a claimed row is left alone by other instances while it is worked on (default 2 min). */
  leaseMs?: number;
  batchSize?: number;
}

export type CallbackResult =
  | { outcome: 'recorded' | 'unchanged'; rideId: string }
  | { outcome: 'unknown_gateway' | 'unknown_reference' | 'unauthenticated' | 'malformed' | 'refused'; detail: string };

export interface ReconciliationLine {
  rideId: string;
  attempt: number;
  reference: string;
  gateway: string;
  method: string;
  amountNgwee: number;
  requestedAt: Date;
  /** Our ledger's status of the attempt. */
  ledgerStatus: string;
  /** What the provider says now. */
  providerStatus: ProviderOutcome['status'];
  providerDetail: string | null;
  /** `match`, `pending` (neither side final yet), `healed` (the provider's final word was recorded now), or `mismatch`. */
  verdict: 'match' | 'pending' | 'healed' | 'mismatch' | 'unreachable';
}

type Db = Kysely<PaymentCollectionTables>;

/**
 * Moves mobile money: sends each attempt the ledger asked for to its provider, records what the
 * provider answers, asks again (with a growing wait) for attempts whose callback never came, sends
 * refunds, and takes callbacks. Everything it knows is in its tables (built by the collection
 * reactor from the payment streams): a restarted collector picks up where the last one stopped.
 * Every report it records carries a command id derived from the reference and the outcome, and
 * the ledger ignores a report it already has, so a replayed callback or a second poll changes
 * nothing. A success the provider reported but we never appended (a crash between the two) is
 * healed by the next status poll, or by reconciliation.
 */
export class PaymentCollector {
  private readonly db: Db;
  private readonly logger: ProjectionLogger;
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(private readonly options: PaymentCollectorOptions) {
    this.db = options.services.db as unknown as Db;
    this.logger = options.logger ?? silentLogger;
  }

  start(): void {
    if (this.stopping.signal.aborted) throw new Error('A stopped PaymentCollector cannot be started again');
    this.loop ??= this.keepWorking();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  private now(): Date {
    return this.options.services.clock.now();
  }

  private nextCheck(checks: number): Date {
    const first = this.options.firstCheckAfterMs ?? 30_000;
    const max = this.options.maxCheckIntervalMs ?? 10 * 60_000;
    return new Date(this.now().getTime() + Math.min(max, first * 2 ** Math.max(0, checks - 1)));
  }

  private context(reference: string, report: string): CommandContext {
    const commandId = uuidV5(`payment-report\u0000${reference}\u0000${report}`);
    return { commandId, correlationId: commandId, actor: collectorActor };
  }

  /** One pass over due attempts and refunds; how many rows were worked on. */
  async workOnce(): Promise<number> {
    const attempts = await this.claimAttempts();
    for (const row of attempts) await this.workOnAttempt(row).catch((error: unknown) => this.problem(row.reference, error));
    const refunds = await this.claimRefunds();
    for (const row of refunds) await this.workOnRefund(row).catch((error: unknown) => this.problem(row.refund_reference, error));
    return attempts.length + refunds.length;
  }

  private async problem(reference: string, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    this.logger.warn({ reference, err: error }, 'payment collector: could not work on a payment; trying again later');
    const values = { last_problem: message, next_check_at: this.nextCheck(1) };
    await this.db.updateTable('payment_collection_attempts').set(values).where('reference', '=', reference).execute();
    await this.db.updateTable('payment_collection_refunds').set(values).where('refund_reference', '=', reference).execute();
  }

  private claimAttempts(): Promise<CollectionAttemptRow[]> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + (this.options.leaseMs ?? 120_000));
    return this.db
      .updateTable('payment_collection_attempts')
      .set((eb) => ({ next_check_at: leaseUntil, checks: eb('checks', '+', 1) }))
      .where('reference', 'in', (eb) =>
        eb
          .selectFrom('payment_collection_attempts')
          .select('reference')
          .where('state', 'in', ['to_send', 'sent'])
          .where('next_check_at', '<=', now)
          .orderBy('next_check_at')
          .limit(this.options.batchSize ?? 20)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  private claimRefunds(): Promise<CollectionRefundRow[]> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + (this.options.leaseMs ?? 120_000));
    return this.db
      .updateTable('payment_collection_refunds')
      .set((eb) => ({ next_check_at: leaseUntil, checks: eb('checks', '+', 1) }))
      .where('refund_reference', 'in', (eb) =>
        eb
          .selectFrom('payment_collection_refunds')
          .select('refund_reference')
          .where('state', 'in', ['to_send', 'sent'])
          .where('next_check_at', '<=', now)
          .orderBy('next_check_at')
          .limit(this.options.batchSize ?? 20)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  /** Sets a row's next step, unless the ledger closed it meanwhile. */
  private async reschedule(reference: string, values: { state?: 'to_send' | 'sent' | 'abandoned'; next_check_at: Date; last_problem?: string | null }) {
    await this.db
      .updateTable('payment_collection_attempts')
      .set(values)
      .where('reference', '=', reference)
      .where('state', 'in', ['to_send', 'sent'])
      .execute();
  }

  private async workOnAttempt(row: CollectionAttemptRow): Promise<void> {
    const provider = this.options.providers.get(row.gateway as PaymentGatewayId);
    if (!provider) {
      await this.reschedule(row.reference, { next_check_at: this.nextCheck(row.checks), last_problem: `gateway ${row.gateway} is not configured` });
      return;
    }
    if (this.now().getTime() - row.requested_at.getTime() > (this.options.giveUpAfterMs ?? 3 * 24 * 3600_000)) {
      await this.reschedule(row.reference, { state: 'abandoned', next_check_at: this.now(), last_problem: 'no final word from the provider' });
      this.logger.warn({ reference: row.reference, rideId: row.ride_id }, 'payment collector: gave up asking; see the reconciliation report');
      return;
    }
    if (row.state === 'to_send') {
      const sent = await provider.requestToPay({
        reference: row.reference,
        rideId: row.ride_id,
        method: row.method as MobileMoneyMethod,
        amountNgwee: row.amount_ngwee,
        payer: { msisdn: row.msisdn, network: row.network as MobileNetwork },
        description: `Tiyende ride ${row.ride_id}`,
      });
      if (sent.status === 'accepted') {
        await this.reschedule(row.reference, { state: 'sent', next_check_at: this.nextCheck(1), last_problem: null });
        await this.record(row, () =>
          recordPaymentAwaitingApproval(this.options.services, { rideId: row.ride_id, providerReference: row.reference }, this.context(row.reference, 'accepted')),
        );
      } else if (sent.status === 'failed') {
        await this.recordFinal(row, sent);
        await this.reschedule(row.reference, { next_check_at: this.nextCheck(row.checks), last_problem: sent.detail });
      } else {
        await this.reschedule(row.reference, { next_check_at: this.nextCheck(row.checks), last_problem: sent.detail });
      }
      return;
    }
    const outcome = await provider.status(row.reference);
    if (outcome.status === 'succeeded' || outcome.status === 'failed') {
      await this.recordFinal(row, outcome);
      await this.reschedule(row.reference, { next_check_at: this.nextCheck(row.checks) });
    } else if (outcome.status === 'not_found') {
      // The request never reached the provider: send it again (same reference, so never twice).
      await this.reschedule(row.reference, { state: 'to_send', next_check_at: this.now(), last_problem: 'the provider had no such request' });
    } else {
      await this.reschedule(row.reference, {
        next_check_at: this.nextCheck(row.checks),
        last_problem: outcome.status === 'unknown' ? outcome.detail : null,
      });
    }
  }

  /** Records a provider's final word on an attempt; true when the ledger changed. */
  private recordFinal(row: Pick<CollectionAttemptRow, 'ride_id' | 'reference'>, outcome: FinalOutcome): Promise<boolean> {
    const { services } = this.options;
    if (outcome.status === 'succeeded') {
      return this.record(row, () =>
        recordPaymentSucceeded(
          services,
          { rideId: row.ride_id, providerReference: row.reference, providerTransactionId: outcome.providerTransactionId },
          this.context(row.reference, 'succeeded'),
        ),
      );
    }
    return this.record(row, () =>
      recordPaymentFailed(
        services,
        { rideId: row.ride_id, providerReference: row.reference, reason: outcome.reason, detail: outcome.detail },
        this.context(row.reference, 'failed'),
      ),
    );
  }

  private async record(
    row: Pick<CollectionAttemptRow, 'ride_id' | 'reference'>,
    command: () => Promise<{ events: unknown[]; repeated: boolean }>,
  ): Promise<boolean> {
    try {
      const result = await command();
      return !result.repeated && result.events.length > 0;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The ledger refuses a report that contradicts it (a failure after a success): a case for reconciliation.
      this.logger.warn({ reference: row.reference, rideId: row.ride_id, code: error.code }, `payment report refused: ${error.message}`);
      return false;
    }
  }

  private async workOnRefund(row: CollectionRefundRow): Promise<void> {
    const { services } = this.options;
    const reschedule = (values: { state?: 'to_send' | 'sent'; next_check_at: Date; last_problem?: string | null }) =>
      this.db
        .updateTable('payment_collection_refunds')
        .set(values)
        .where('refund_reference', '=', row.refund_reference)
        .where('state', 'in', ['to_send', 'sent'])
        .execute();
    const context = (report: string) => this.context(row.refund_reference, `refund-${report}`);
    const failed = (detail: string) =>
      this.record({ ride_id: row.ride_id, reference: row.refund_reference }, () =>
        recordRefundFailed(services, { rideId: row.ride_id, refundReference: row.refund_reference, detail }, context('failed')),
      );
    const provider = this.options.providers.get(row.gateway as PaymentGatewayId);
    if (!provider?.refunds) {
      await failed(`${row.gateway} refunds are not configured: refund the payer by hand`);
      return;
    }
    const paid = await this.db
      .selectFrom('payment_collection_attempts')
      .selectAll()
      .where('reference', '=', row.payment_reference)
      .executeTakeFirstOrThrow();
    let outcome: RefundOutcome | { status: 'not_found' };
    if (row.state === 'to_send') {
      outcome = await provider.refunds.refund({
        refundReference: row.refund_reference,
        paymentReference: row.payment_reference,
        providerTransactionId: paid.provider_transaction_id,
        payer: { msisdn: paid.msisdn, network: paid.network as MobileNetwork },
        amountNgwee: row.amount_ngwee,
        collectedNgwee: paid.amount_ngwee,
        reason: row.reason,
      });
    } else {
      outcome = provider.refunds.status ? await provider.refunds.status(row.refund_reference) : { status: 'pending' };
    }
    switch (outcome.status) {
      case 'succeeded':
        await this.record({ ride_id: row.ride_id, reference: row.refund_reference }, () =>
          recordRefundCompleted(
            services,
            { rideId: row.ride_id, refundReference: row.refund_reference, providerTransactionId: outcome.providerTransactionId },
            context('completed'),
          ),
        );
        await reschedule({ next_check_at: this.nextCheck(row.checks) });
        return;
      case 'failed':
        await failed(outcome.detail);
        await reschedule({ next_check_at: this.nextCheck(row.checks) });
        return;
      case 'pending':
        await reschedule({ state: 'sent', next_check_at: this.nextCheck(row.checks), last_problem: null });
        return;
      case 'not_found':
        await reschedule({ state: 'to_send', next_check_at: this.now() });
        return;
      case 'unknown':
        await reschedule({ next_check_at: this.nextCheck(row.checks), last_problem: outcome.detail });
        return;
    }
  }

  /**
   * A provider's callback, below the callback base URL (`/<gateway>/…`): authenticated by the
   * provider's own adapter (our per-request token, Airtel's hash), then recorded. A replay, or a
   * callback after a poll already told us, changes nothing; a forged one is refused.
   */
  async receiveCallback(incoming: IncomingCallback): Promise<CallbackResult> {
    const gateway = incoming.path.split('/').filter(Boolean)[0] ?? '';
    const provider = this.options.providers.get(gateway as PaymentGatewayId);
    if (!provider) return { outcome: 'unknown_gateway', detail: `no payment gateway ${gateway} is configured` };
    const verdict = await provider.receiveCallback(incoming);
    if (!verdict.accepted) {
      this.logger.warn({ gateway, problem: verdict.problem, detail: verdict.detail }, 'payment callback refused');
      return { outcome: verdict.problem, detail: verdict.detail };
    }
    const row = await this.db
      .selectFrom('payment_collection_attempts')
      .select(['ride_id', 'reference'])
      .where('reference', '=', verdict.reference)
      .where('gateway', '=', gateway)
      .executeTakeFirst();
    if (!row) return { outcome: 'unknown_reference', detail: `no payment has reference ${verdict.reference}` };
    const context = this.context(row.reference, verdict.outcome.status);
    const { services } = this.options;
    try {
      const result =
        verdict.outcome.status === 'succeeded'
          ? await recordPaymentSucceeded(
              services,
              { rideId: row.ride_id, providerReference: row.reference, providerTransactionId: verdict.outcome.providerTransactionId },
              context,
            )
          : await recordPaymentFailed(
              services,
              { rideId: row.ride_id, providerReference: row.reference, reason: verdict.outcome.reason, detail: verdict.outcome.detail },
              context,
            );
      return { outcome: !result.repeated && result.events.length > 0 ? 'recorded' : 'unchanged', rideId: row.ride_id };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn({ reference: row.reference, code: error.code }, `payment callback refused by the ledger: ${error.message}`);
      return { outcome: 'refused', detail: error.message };
    }
  }

  /**
   * The provider's status of every attempt since `since` set against our ledger. With `heal`, a
   * provider's final word our ledger lacks (the callback lost, a crash before our append) is
   * recorded now; a contradiction (our success, their failure) is only reported, for a person.
   */
  async reconcile(options: { since: Date; limit?: number; heal?: boolean }): Promise<ReconciliationLine[]> {
    const rows = await this.db
      .selectFrom('payment_collection_attempts')
      .selectAll()
      .where('requested_at', '>=', options.since)
      .orderBy('requested_at', 'desc')
      .orderBy('reference')
      .limit(options.limit ?? 200)
      .execute();
    const lines: ReconciliationLine[] = [];
    for (const row of rows) {
      const provider = this.options.providers.get(row.gateway as PaymentGatewayId);
      const theirs: ProviderOutcome = provider
        ? await provider.status(row.reference)
        : { status: 'unknown', detail: `gateway ${row.gateway} is not configured` };
      const ours = row.ledger_status;
      let verdict: ReconciliationLine['verdict'];
      if (theirs.status === 'unknown') verdict = 'unreachable';
      else if ((theirs.status === 'succeeded' && ours === 'succeeded') || (theirs.status === 'failed' && ours === 'failed')) verdict = 'match';
      else if ((theirs.status === 'pending' || theirs.status === 'not_found') && ['requested', 'awaitingApproval', 'expired'].includes(ours))
        verdict = 'pending';
      else if ((theirs.status === 'succeeded' || theirs.status === 'failed') && ['requested', 'awaitingApproval', 'expired'].includes(ours)) {
        verdict = options.heal && (await this.recordFinal(row, theirs)) ? 'healed' : 'mismatch';
      } else verdict = 'mismatch';
      lines.push({
        rideId: row.ride_id,
        attempt: row.attempt,
        reference: row.reference,
        gateway: row.gateway,
        method: row.method,
        amountNgwee: row.amount_ngwee,
        requestedAt: row.requested_at,
        ledgerStatus: verdict === 'healed' ? theirs.status : ours,
        providerStatus: theirs.status,
        providerDetail: theirs.status === 'unknown' ? theirs.detail : theirs.status === 'failed' ? theirs.detail : null,
        verdict,
      });
    }
    return lines;
  }

  private async keepWorking(): Promise<void> {
    const { signal } = this.stopping;
    const batchSize = this.options.batchSize ?? 20;
    while (!signal.aborted) {
      try {
        while (!signal.aborted && (await this.workOnce()) >= batchSize);
      } catch (error) {
        this.logger.warn({ err: error }, 'payment collector: could not look for due work; trying again');
      }
      await abortableDelay(this.options.pollIntervalMs ?? 1_000, signal);
    }
  }
}
