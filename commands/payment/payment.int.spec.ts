import { describe, expect, it } from 'vitest';
import { paymentStreamId, settledPaymentOf } from '../../domain/payment/index.js';
import {
  admin,
  as,
  expectRefusal,
  givenCompletedRide,
  givenPendingRide,
  givenRideInProgress,
  onboardDriver,
  passenger,
  storedTypes,
  system,
  uniqueId,
  useRideTestBed,
} from '../../tests/support/rideFixtures.js';
import { acceptRide, arriveAtPickup, completeTrip, startTrip } from '../ride/index.js';
import { loadRide } from '../ride/loadRide.js';
import {
  confirmCashCollected,
  expirePayment,
  providerReferenceFor,
  recordPaymentAwaitingApproval,
  recordPaymentFailed,
  recordPaymentSucceeded,
  recordRefundCompleted,
  refundReferenceFor,
  requestPayment,
  requestRefund,
  retryPayment,
} from './index.js';

const bed = useRideTestBed('payments');
const airtelPayer = { payerPhone: '0971234567', gateway: 'airtel_money' as const };

async function givenRequestedPayment() {
  const ride = await givenCompletedRide(bed.services);
  const result = await requestPayment(bed.services, { rideId: ride.rideId, ...airtelPayer }, as(system));
  return { ...ride, payment: result, paymentStream: paymentStreamId(ride.rideId), reference: providerReferenceFor(ride.rideId, 1) };
}

describe('RequestPayment', () => {
  it('asks for the completed ride’s agreed fare by the ride’s method, under a reference derived from the ride', async () => {
    const ride = await givenCompletedRide(bed.services);
    const { state: rideState } = await loadRide(bed.store, ride.rideId);
    const result = await requestPayment(bed.services, { rideId: ride.rideId, ...airtelPayer }, as(system));
    expect(result.status).toBe('requested');
    expect(result.events).toEqual([
      {
        type: 'PaymentRequested',
        data: {
          rideId: ride.rideId,
          riderId: ride.rider.userId,
          driverId: ride.driver.driverId,
          driverUserId: ride.driver.actor.userId,
          attempt: 1,
          method: 'airtel_money',
          amountNgwee: rideState.context.finalFareNgwee,
          currency: 'ZMW',
          payer: { msisdn: '260971234567', network: 'airtel' },
          gateway: 'airtel_money',
          providerReference: providerReferenceFor(ride.rideId, 1),
          expiresAt: new Date(bed.clock.now().getTime() + 5 * 60_000).toISOString(),
          requestedBy: system.userId,
          requestedAt: bed.clock.now().toISOString(),
        },
      },
    ]);
    expect(providerReferenceFor(ride.rideId, 1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(providerReferenceFor(ride.rideId, 1)).toBe(providerReferenceFor(ride.rideId, 1));
    expect(providerReferenceFor(ride.rideId, 2)).not.toBe(providerReferenceFor(ride.rideId, 1));
  });

  it('a retried request (the same command id) appends once; a second request is refused', async () => {
    const ride = await givenCompletedRide(bed.services);
    const context = as(system);
    const first = await requestPayment(bed.services, { rideId: ride.rideId, ...airtelPayer }, context);
    const again = await requestPayment(bed.services, { rideId: ride.rideId, ...airtelPayer }, context);
    expect(again).toMatchObject({ repeated: true, events: first.events });
    const stream = paymentStreamId(ride.rideId);
    expect(await storedTypes(bed.store, stream)).toEqual(['PaymentRequested']);
    await expectRefusal(
      bed.store,
      [stream],
      () => requestPayment(bed.services, { rideId: ride.rideId, ...airtelPayer }, as(system)),
      'not_allowed_in_state',
    );
  });

  it('refuses a ride not yet completed, and a ride that does not exist', async () => {
    const ride = await givenRideInProgress(bed.services);
    const stream = paymentStreamId(ride.rideId);
    await expectRefusal(
      bed.store,
      [stream],
      () => requestPayment(bed.services, { rideId: ride.rideId, ...airtelPayer }, as(system)),
      'not_allowed_in_state',
      /ride is in_progress/,
    );
    const unknown = uniqueId('ride');
    await expectRefusal(
      bed.store,
      [paymentStreamId(unknown)],
      () => requestPayment(bed.services, { rideId: unknown }, as(system)),
      'not_found',
    );
  });

  it.each([
    [{ payerPhone: '0961234567', gateway: 'airtel_money' }, /^payerPhone: must be an Airtel number/],
    [{ method: 'credit_card', payerPhone: '0971234567' }, /^method: Invalid option/],
    [{ rideId: 'ride with spaces' }, /^rideId:/],
  ])('refuses bad input %j, naming the field, and appends nothing', async (fields, message) => {
    const ride = await givenCompletedRide(bed.services);
    const act = () => requestPayment(bed.services, { rideId: ride.rideId, ...airtelPayer, ...fields } as never, as(system));
    await expectRefusal(bed.store, [paymentStreamId(ride.rideId)], act, 'invalid', message);
  });

  it('refuses a ride booked with a card, which no provider collects, unless another method is chosen', async () => {
    const pending = await givenPendingRide(bed.services, { paymentMethod: 'credit_card' });
    const driver = await onboardDriver(bed.services);
    const { state } = await acceptRide(bed.services, { rideId: pending.rideId, driverId: driver.driverId }, as(driver.actor));
    await arriveAtPickup(bed.services, { rideId: pending.rideId }, as(driver.actor));
    await startTrip(bed.services, { rideId: pending.rideId, pin: state.context.pin! }, as(driver.actor));
    await completeTrip(bed.services, { rideId: pending.rideId, distanceKm: 2.1, durationMinutes: 8 }, as(driver.actor));
    const act = () => requestPayment(bed.services, { rideId: pending.rideId }, as(system));
    await expectRefusal(
      bed.store,
      [paymentStreamId(pending.rideId)],
      act,
      'invalid',
      'method: credit_card cannot be collected; pay in cash or by mobile money',
    );
    expect((await requestPayment(bed.services, { rideId: pending.rideId, method: 'cash' }, as(system))).status).toBe('requested');
  });

  it('the rider may ask, another passenger may not', async () => {
    const ride = await givenCompletedRide(bed.services);
    await expectRefusal(
      bed.store,
      [paymentStreamId(ride.rideId)],
      () => requestPayment(bed.services, { rideId: ride.rideId, method: 'cash' }, as(passenger('stranger'))),
      'forbidden',
    );
    expect((await requestPayment(bed.services, { rideId: ride.rideId, method: 'cash' }, as(ride.rider))).status).toBe('requested');
  });
});

describe('provider reports, the approval timer and retries', () => {
  it('approved: awaiting approval, then succeeded; the same report again appends nothing', async () => {
    const { rideId, reference, paymentStream } = await givenRequestedPayment();
    await recordPaymentAwaitingApproval(bed.services, { rideId, providerReference: reference }, as(system));
    const paid = await recordPaymentSucceeded(
      bed.services,
      { rideId, providerReference: reference, providerTransactionId: 'MP260310.0930.A1' },
      as(system),
    );
    expect(paid.status).toBe('succeeded');
    const replay = await recordPaymentSucceeded(
      bed.services,
      { rideId, providerReference: reference, providerTransactionId: 'MP260310.0930.A1' },
      as(system),
    );
    expect(replay.events).toEqual([]);
    expect(await storedTypes(bed.store, paymentStream)).toEqual(['PaymentRequested', 'PaymentAwaitingApproval', 'PaymentSucceeded']);
    expect(settledPaymentOf(paid.state)).toMatchObject({ rideId, method: 'airtel_money', refundedNgwee: 0 });
  });

  it('expires an unapproved request after 5 minutes, not before', async () => {
    const { rideId, paymentStream } = await givenRequestedPayment();
    bed.clock.advance(299);
    await expectRefusal(
      bed.store,
      [paymentStream],
      () => expirePayment(bed.services, { rideId, attempt: 1 }, as(system)),
      'not_allowed_in_state',
      /valid until/,
    );
    bed.clock.advance(1);
    expect((await expirePayment(bed.services, { rideId, attempt: 1 }, as(system))).status).toBe('expired');
  });

  it('declined, the rider pays in cash instead and the driver confirms it', async () => {
    const { rideId, rider, driver, reference, paymentStream } = await givenRequestedPayment();
    await recordPaymentFailed(
      bed.services,
      { rideId, providerReference: reference, reason: 'declined', detail: 'DP00800001008' },
      as(system),
    );
    const retried = await retryPayment(bed.services, { rideId, method: 'cash' }, as(rider));
    expect(retried.events[0]).toMatchObject({ type: 'PaymentRequested', data: { attempt: 2, method: 'cash', providerReference: null } });
    const collected = await confirmCashCollected(bed.services, { rideId }, as(driver.actor));
    expect(collected.status).toBe('succeeded');
    expect(await storedTypes(bed.store, paymentStream)).toEqual(['PaymentRequested', 'PaymentFailed', 'PaymentRequested', 'CashCollected']);
  });

  it('a retry by mobile money gets the next attempt’s reference', async () => {
    const { rideId, rider, reference } = await givenRequestedPayment();
    await recordPaymentFailed(
      bed.services,
      { rideId, providerReference: reference, reason: 'insufficient_funds', detail: 'DP00800001007' },
      as(system),
    );
    const retried = await retryPayment(bed.services, { rideId, method: 'airtel_money', ...airtelPayer }, as(rider));
    expect(retried.events[0]).toMatchObject({ data: { attempt: 2, providerReference: providerReferenceFor(rideId, 2) } });
  });
});

describe('refunds', () => {
  it('an admin refunds part, then the rest, each under its own derived reference; never more than was paid', async () => {
    const { rideId, reference, paymentStream } = await givenRequestedPayment();
    const paid = await recordPaymentSucceeded(
      bed.services,
      { rideId, providerReference: reference, providerTransactionId: 'MP1' },
      as(system),
    );
    const fare = settledPaymentOf(paid.state)!.amountNgwee;
    const first = await requestRefund(bed.services, { rideId, amountNgwee: 500, reason: 'Long detour' }, as(admin));
    expect(first.events[0]).toMatchObject({
      type: 'RefundRequested',
      data: { refundReference: refundReferenceFor(rideId, 1), amountNgwee: 500 },
    });
    await recordRefundCompleted(
      bed.services,
      { rideId, refundReference: refundReferenceFor(rideId, 1), providerTransactionId: 'R1' },
      as(system),
    );
    await expectRefusal(
      bed.store,
      [paymentStream],
      () => requestRefund(bed.services, { rideId, amountNgwee: fare, reason: 'All of it' }, as(admin)),
      'invalid',
      /^amountNgwee: at most/,
    );
    const rest = await requestRefund(bed.services, { rideId, amountNgwee: fare - 500, reason: 'The rest' }, as(admin));
    expect(rest.events[0]).toMatchObject({ data: { refundReference: refundReferenceFor(rideId, 2) } });
    const done = await recordRefundCompleted(
      bed.services,
      { rideId, refundReference: refundReferenceFor(rideId, 2), providerTransactionId: 'R2' },
      as(system),
    );
    expect(done.status).toBe('refunded');
  });
});
