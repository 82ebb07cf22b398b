import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Actor } from '../shared/command.js';
import { DomainError, fold } from '../shared/index.js';
import { fixedDeps } from '../shared/spec.js';
import { refundableNgwee } from './attempts.js';
import type { PaymentCommand } from './commands.js';
import { paymentDecider } from './decider.js';
import { parsePaymentEvent, type PaymentEvent } from './events.js';
import { admin, driverUser, fare, otherDriverUser, parties, references, refundReferences, rider, rideId, system } from '../../tests/support/fixtures/payment.js';
import { paymentStatus, type PaymentState } from './status.js';

/**
 * Random payment commands by random actors, decided and folded purely: the ride is paid at most
 * once, no attempt refunds more than it collected, refunded and cancelled take nothing more,
 * refusals change nothing, and refolding the stream gives the same state.
 */

const start = Date.parse('2025-01-15T08:00:00.000Z');
const refundRefs = [...refundReferences];
const wallets = [
  { method: 'mtn_money', payerPhone: '0961234567', gateway: 'mtn_momo' },
  { method: 'airtel_money', payerPhone: '0971234567', gateway: 'airtel_money' },
  { method: 'zamtel_kwacha', payerPhone: '0951234567', gateway: 'sandbox' },
] as const;

const reference = fc.integer({ min: 0, max: 2 }).map((index) => references[index]!);
const terms = fc.oneof(
  fc.constant({ method: 'cash' as const }),
  fc.tuple(fc.constantFrom(...wallets), reference).map(([wallet, providerReference]) => ({ ...wallet, providerReference })),
);
/** The whole fare, a part of it, or more than it: a third of refund requests ask too much. */
const refundAmount = fc.oneof(fc.constant(fare), fc.integer({ min: 1, max: fare - 1 }), fc.integer({ min: fare + 1, max: fare + 500 }));
const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
const commandSpec = fc.oneof(
  terms.map((data) => ({ type: 'RequestPayment' as const, data: { ...parties, amountNgwee: fare, ...data } })),
  terms.map((data) => ({ type: 'RetryPayment' as const, data: { rideId, ...data } })),
  weighted(
    4,
    fc
      .constantFrom('RecordPaymentAwaitingApproval' as const, 'RecordPaymentSucceeded' as const, 'RecordPaymentFailed' as const)
      .chain((type) =>
        reference.map((providerReference) => ({
          type,
          data: { rideId, providerReference, providerTransactionId: 'MP1', reason: 'declined', detail: 'APPROVAL_REJECTED' },
        })),
      ),
  ),
  fc.integer({ min: 1, max: 4 }).map((attempt) => ({ type: 'ExpirePayment' as const, data: { rideId, attempt } })),
  fc.constantFrom('ConfirmCashCollected' as const, 'ReportCashNotPaid' as const).map((type) => ({ type, data: { rideId } })),
  fc.constant({ type: 'DisputeCashPayment' as const, data: { rideId, reason: 'I paid the driver' } }),
  fc
    .constantFrom('paid' as const, 'not_paid' as const)
    .map((outcome) => ({ type: 'ResolveCashDispute' as const, data: { rideId, outcome, note: 'Checked' } })),
  fc.constant({ type: 'CancelPayment' as const, data: { rideId, reason: 'Waived' } }),
  weighted(
    2,
    fc
      .record({
        amountNgwee: refundAmount,
        attempt: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        refundReference: fc.constantFrom(...refundRefs),
      })
      .map((data) => ({ type: 'RequestRefund' as const, data: { rideId, reason: 'Complaint upheld', ...data } })),
  ),
  weighted(
    2,
    fc
      .constantFrom(...refundRefs)
      .chain((refundReference) =>
        fc.constantFrom(
          { type: 'RecordRefundCompleted' as const, data: { rideId, refundReference, providerTransactionId: 'R1' } },
          { type: 'RecordRefundFailed' as const, data: { rideId, refundReference, detail: 'Wallet barred' } },
        ),
      ),
  ),
);

/** Who a command is meant for; mostly them, sometimes anyone at all. */
const naturalActor: Record<string, Actor> = {
  RequestPayment: system,
  RetryPayment: rider,
  ConfirmCashCollected: driverUser,
  ReportCashNotPaid: driverUser,
  DisputeCashPayment: rider,
  ResolveCashDispute: admin,
  CancelPayment: admin,
  RequestRefund: admin,
};
const anyone = fc.oneof(
  { arbitrary: fc.constant<'natural' | Actor>('natural'), weight: 6 },
  fc.constantFrom<'natural' | Actor>(rider, driverUser, otherDriverUser, admin, system),
);
const stepOf = <Spec>(spec: fc.Arbitrary<Spec>, actor: fc.Arbitrary<'natural' | Actor>) =>
  fc.record({ spec, actor, advanceSeconds: fc.integer({ min: 0, max: 200 }) });
type Step = { spec: { type: string; data: unknown }; actor: 'natural' | Actor; advanceSeconds: number };

/**
 * Money in flight: a wallet is asked, the request expires, the rider pays another way, and the
 * wallet's approval arrives late — the walks that make duplicates, owed back. Expiry, paying
 * another way (mostly cash) and refunds are weighted up, so that chain is often played out.
 */
const lateApprovalSpec = fc.oneof(
  fc.constant({
    type: 'RequestPayment' as const,
    data: { ...parties, amountNgwee: fare, ...wallets[0], providerReference: references[0] },
  }),
  weighted(
    4,
    fc.constantFrom(1, 1, 2).map((attempt) => ({ type: 'ExpirePayment' as const, data: { rideId, attempt } })),
  ),
  weighted(
    2,
    fc
      .oneof(weighted(3, fc.constant({ method: 'cash' as const })), weighted(1, terms))
      .map((data) => ({ type: 'RetryPayment' as const, data: { rideId, ...data } })),
  ),
  weighted(2, fc.constant({ type: 'ConfirmCashCollected' as const, data: { rideId } })),
  // Mostly the first attempt's reference: its late approval is what these walks are about.
  weighted(
    3,
    fc
      .constantFrom(references[0], references[0], references[1], references[2])
      .chain((providerReference) =>
        fc.constantFrom(
          { type: 'RecordPaymentSucceeded' as const, data: { rideId, providerReference, providerTransactionId: 'MP1' } },
          { type: 'RecordPaymentSucceeded' as const, data: { rideId, providerReference, providerTransactionId: 'MP1' } },
          { type: 'RecordPaymentFailed' as const, data: { rideId, providerReference, reason: 'timed_out', detail: 'EXPIRED' } },
        ),
      ),
  ),
  weighted(
    2,
    fc
      .record({ attempt: fc.integer({ min: 1, max: 2 }), amountNgwee: refundAmount, refundReference: fc.constantFrom(...refundRefs) })
      .map((data) => ({
        type: 'RequestRefund' as const,
        data: { rideId, reason: 'Paid twice', ...data },
      })),
  ),
  weighted(
    2,
    fc.constantFrom(...refundRefs).map((refundReference) => ({
      type: 'RecordRefundCompleted' as const,
      data: { rideId, refundReference, providerTransactionId: 'R1' },
    })),
  ),
);

const toCommand = ({ spec, actor }: Step): PaymentCommand =>
  ({ ...spec, actor: actor === 'natural' ? (naturalActor[spec.type] ?? system) : actor }) as PaymentCommand;

const visible = (state: PaymentState) => JSON.parse(JSON.stringify({ value: state.value, context: state.context })) as unknown;
const settles = (event: PaymentEvent) =>
  event.type === 'PaymentSucceeded' ||
  event.type === 'CashCollected' ||
  (event.type === 'CashDisputeResolved' && event.data.outcome === 'paid');

/** An independent reading of the stream: what each attempt collected and what went back. */
function ledgerOf(history: readonly PaymentEvent[]) {
  const received = new Map<number, number>();
  const refunded = new Map<number, number>();
  const pending = new Map<number, number>();
  for (const event of history) {
    if (event.type === 'PaymentSucceeded' || event.type === 'DuplicatePaymentReceived') {
      expect(received.has(event.data.attempt), `attempt ${event.data.attempt} collected twice`).toBe(false);
      received.set(event.data.attempt, event.data.amountNgwee);
    }
    if (event.type === 'RefundRequested') pending.set(event.data.attempt, (pending.get(event.data.attempt) ?? 0) + event.data.amountNgwee);
    if (event.type === 'RefundCompleted' || event.type === 'RefundFailed') {
      const amount = history.find(
        (candidate) => candidate.type === 'RefundRequested' && candidate.data.refundReference === event.data.refundReference,
      )!.data as { amountNgwee: number };
      pending.set(event.data.attempt, (pending.get(event.data.attempt) ?? 0) - amount.amountNgwee);
      if (event.type === 'RefundCompleted')
        refunded.set(event.data.attempt, (refunded.get(event.data.attempt) ?? 0) + event.data.amountNgwee);
    }
  }
  return { received, refunded, pending };
}

const reached = new Set<string>();

/** Plays the steps as a command handler would, checking the invariants after each and at the end. */
function walk(steps: readonly Step[]): void {
  let state = paymentDecider.initialState();
  let nowMs = start;
  const history: PaymentEvent[] = [];
  for (const current of steps) {
    nowMs += current.advanceSeconds * 1000;
    const before = visible(state);
    const terminal = paymentStatus(state) === 'refunded' || paymentStatus(state) === 'cancelled';
    let events: PaymentEvent[];
    try {
      events = paymentDecider.decide(toCommand(current), state, fixedDeps({ now: new Date(nowMs) }));
    } catch (error) {
      expect(error, String(error)).toBeInstanceOf(DomainError);
      expect(visible(state), 'a refused command changes nothing').toEqual(before);
      continue;
    }
    expect(terminal && events.length > 0, `a ${paymentStatus(state)} payment took ${current.spec.type}`).toBe(false);
    for (const event of events) {
      expect(parsePaymentEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
      expect(state.can(event), `${event.type} must be one the machine takes`).toBe(true);
      state = paymentDecider.evolve(state, event);
      history.push(event);
    }
    reached.add(paymentStatus(state) ?? 'none');
    if (history.some((event) => event.type === 'DuplicatePaymentReceived')) reached.add('duplicate');
  }
  expect(history.filter(settles).length, 'the ride is paid at most once').toBeLessThanOrEqual(1);
  const { received, refunded, pending } = ledgerOf(history);
  for (const [attempt, amount] of received) {
    expect((refunded.get(attempt) ?? 0) + (pending.get(attempt) ?? 0), `attempt ${attempt} refunds`).toBeLessThanOrEqual(amount);
    const isMobile = state.context.attempts.find((candidate) => candidate.attempt === attempt)?.method !== 'cash';
    if (isMobile) expect(refundableNgwee(state.context, attempt)).toBe(amount - (refunded.get(attempt) ?? 0) - (pending.get(attempt) ?? 0));
  }
  for (const [attempt, amount] of refunded)
    expect(received.get(attempt) ?? 0, `attempt ${attempt} refunded money it never collected`).toBeGreaterThanOrEqual(amount);
  expect(visible(fold(paymentDecider, history)), 'refolding gives the same state').toEqual(visible(state));
}

describe('payment lifecycle under random commands', () => {
  it.each([
    // Who may do what is tried by the first walk; the second has each party do their own part, so money gets in flight
    // (its walks are longer: the late approval must come after the expiry, the other payment and its settlement).
    ['any command by anyone', terms, commandSpec, anyone, 40],
    [
      'money in flight',
      fc.constant({ ...wallets[0], providerReference: references[0] }),
      lateApprovalSpec,
      fc.constant<'natural' | Actor>('natural'),
      60,
    ],
  ] as const)(
    '%s: the ride is paid at most once, no attempt refunds more than it collected, refunded and cancelled take nothing',
    (_, openingTerms, spec, actor, maxSteps) => {
      // Every walk opens with the request for payment that completing a ride makes; then anything may follow.
      const opening = (openingTerms as fc.Arbitrary<Record<string, unknown>>).map((data) => ({
        spec: { type: 'RequestPayment', data: { ...parties, amountNgwee: fare, ...data } },
        actor: 'natural' as const,
        advanceSeconds: 0,
      }));
      const steps = fc
        .tuple(opening, fc.array(stepOf<Step['spec']>(spec, actor), { maxLength: maxSteps, size: 'max' }))
        .map(([first, rest]) => [first, ...rest]);
      fc.assert(fc.property(steps, walk), { numRuns: 300 });
    },
  );

  afterAll(() => {
    // The properties mean little unless the random walks reach every status. Over 100 seeds the fewest
    // runs reaching one were 6, for duplicate (before the money-in-flight walk was biased, 1 seed in 100 had none).
    for (const name of [
      'requested',
      'awaitingApproval',
      'succeeded',
      'failed',
      'expired',
      'disputed',
      'refundRequested',
      'refunded',
      'cancelled',
      'duplicate',
    ]) {
      expect(reached, `no run reached ${name}`).toContain(name);
    }
  });
});
