import { beforeAll, describe, expect, it } from 'vitest';
import { loadRide } from '../../../../commands/ride/index.js';
import { toDomainEvent } from '../../../../commands/shared/services.js';
import { rideDecider, rideEventTypes, rideStreamId, type RideEvent, type RideState } from '../../../../domain/ride/index.js';
import { fold } from '../../../../domain/shared/index.js';
import type { RecordedEvent } from '../../../../platform/eventStore/port.js';
import { call, onboardOverHttp, places, rideRequest, settled, useJourneyCast, withoutIdsAndInstants } from '../../../../tests/journeys/kit.js';
import { rideView } from '../../tracking/rideFold.js';
import type { AuditTrail } from './auditTrail.js';
import { machineStateName, replaySteps, type ReplayStep } from './replayModel.js';

/**
 * The audit trail's replay against the server: three real rides driven over HTTP (and the timers)
 * that between them hold every kind of ride event — scheduled, dispatched, counter-offered, bid
 * on, PIN-locked and reissued, an emergency, completed, rated both ways; cancelled; expired. At
 * every step of each ride's replay, what the admin's browser shows equals the server's fold of
 * the same prefix of the ride's stream (the fold the command handlers decide with).
 */

const PIN = '7391';
const WRONG_PIN = '1234';
const MASKED = '••••';

const { bed, admin, rider, driver } = useJourneyCast(PIN);
beforeAll(() => onboardOverHttp(bed, admin, driver, { plateNumber: 'BAF 4521', at: places.parklands }));

async function ok(answer: Promise<{ status: number; text: string; body: any }>, step: string, status = 200) {
  const settledAnswer = await answer;
  if (settledAnswer.status !== status) throw new Error(`${step} answered ${settledAnswer.status}: ${settledAnswer.text}`);
  return settledAnswer.body;
}

async function streamTypes(rideId: string): Promise<string[]> {
  return (await bed.store.readStream(rideStreamId(rideId))).map((event) => event.type);
}

/** Waits (the timers and reactors run on their own) until the ride's stream holds an event of `type`. */
async function untilRecorded(rideId: string, type: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await streamTypes(rideId)).includes(type)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`ride ${rideId} never recorded ${type}: ${(await streamTypes(rideId)).join(', ')}`);
}

/** Scheduled two hours ahead, bid on, PIN-locked and reissued, an emergency, completed, rated. */
async function theFullRide(): Promise<string> {
  const scheduledFor = new Date(bed.clock.now().getTime() + 2 * 3_600_000).toISOString();
  const booked = await ok(call(bed, rider, 'POST', '/api/rides', rideRequest({ pricingMethod: 'bidding', proposedFare: 30, isScheduled: true, scheduledFor })), 'book', 201);
  const rideId: string = booked.id;
  await settled(bed);
  bed.clock.advance(2 * 3_600_000);
  await untilRecorded(rideId, 'ScheduledRideDispatched');
  await settled(bed);
  await ok(call(bed, rider, 'POST', `/api/rides/${rideId}/counter-offer`, { offeredFare: 33 }), 'counter');
  await ok(driver.call('POST', '/api/bids', { rideId, bidAmount: 34, message: 'On my way', estimatedArrival: 4 }), 'bid', 201);
  await settled(bed);
  const { bids } = await ok(call(bed, rider, 'GET', `/api/bids/ride/${rideId}`), 'bids');
  await ok(call(bed, rider, 'PATCH', `/api/bids/${bids[0].id}`, { status: 'accepted' }), 'accept the bid');
  await ok(driver.call('POST', `/api/rides/${rideId}/arrive`), 'arrive');
  for (let attempt = 1; attempt <= 5; attempt++) {
    const refused = await driver.call('POST', `/api/rides/${rideId}/start`, { pin: WRONG_PIN });
    expect(refused.status, `wrong PIN ${attempt}`).toBeGreaterThanOrEqual(400);
  }
  await ok(call(bed, rider, 'POST', `/api/rides/${rideId}/reissue-pin`), 'reissue');
  await ok(driver.call('POST', `/api/rides/${rideId}/start`, { pin: PIN }), 'start');
  await ok(call(bed, rider, 'POST', `/api/rides/${rideId}/emergency`, { location: places.freedomPark }), 'emergency');
  await ok(driver.call('POST', `/api/rides/${rideId}/complete`, { distanceKm: 3.6, durationMinutes: 12 }), 'complete');
  await ok(call(bed, rider, 'POST', `/api/rides/${rideId}/rate`, { stars: 5, comment: 'Safe' }), 'rider rates');
  await ok(driver.call('POST', `/api/rides/${rideId}/rate`, { stars: 4 }), 'driver rates');
  await settled(bed);
  return rideId;
}

async function aCancelledRide(): Promise<string> {
  const booked = await ok(call(bed, rider, 'POST', '/api/rides', rideRequest({ pickupLocation: places.kitweCentralHospital })), 'book', 201);
  await ok(call(bed, rider, 'POST', `/api/rides/${booked.id}/cancel`, { reason: 'Plans changed' }), 'cancel');
  return booked.id;
}

async function anExpiredRide(): Promise<string> {
  const booked = await ok(call(bed, rider, 'POST', '/api/rides', rideRequest({ pickupLocation: places.copperbeltUniversity, dropoffLocation: places.freedomPark })), 'book', 201);
  await settled(bed);
  bed.clock.advance(11 * 60_000);
  await untilRecorded(booked.id, 'RideExpired');
  return booked.id;
}

/** What the server's fold of a prefix of the ride's stream holds, with the PIN masked as the trail masks it. */
function serverShows(state: RideState) {
  const view = rideView(state, 'rider');
  const { context } = state;
  return {
    machineState: machineStateName(state.value),
    view: view && { ...view, context: { ...context, pin: context.pin === null ? null : MASKED } },
    fare: {
      pricingMethod: context.booking?.pricingMethod ?? null,
      quoteNgwee: context.booking?.quote.totalNgwee ?? null,
      offeredNgwee: context.offeredFareNgwee,
      agreedNgwee: context.agreedFareNgwee,
      finalNgwee: context.finalFareNgwee,
    },
  };
}

const browserShows = ({ machineState, view, fare }: ReplayStep) => ({ machineState, view, fare });

describe('the audit trail’s replay', () => {
  const rides: Array<{ rideId: string; trail: AuditTrail; recorded: RecordedEvent[] }> = [];
  beforeAll(async () => {
    for (const make of [theFullRide, aCancelledRide, anExpiredRide]) {
      const rideId = await make();
      await settled(bed);
      const trail = await ok(call(bed, admin, 'GET', `/api/admin/rides/${rideId}/events`), 'trail');
      rides.push({ rideId, trail, recorded: await bed.store.readStream(rideStreamId(rideId)) });
    }
  }, 120_000);

  it('covers every kind of ride event, and events of the bids and the dispatch search in between', () => {
    const seen = new Set(rides.flatMap(({ recorded }) => recorded.map((event) => event.type)));
    expect([...rideEventTypes].filter((type) => !seen.has(type))).toEqual([]);
    const [full] = rides;
    expect(full!.trail.events.some((event) => event.streamName.startsWith('bid-'))).toBe(true);
    expect(full!.trail.events.some((event) => event.streamName.startsWith('dispatch-'))).toBe(true);
    expect(full!.recorded.filter((event) => event.type === 'PinAttemptFailed')).toHaveLength(5);
  });

  it('shows at every step the state the server folds from the same prefix of the ride’s stream', () => {
    for (const { rideId, trail, recorded } of rides) {
      const steps = replaySteps(trail);
      expect(steps).toHaveLength(trail.events.length + 1);
      const rideStream = rideStreamId(rideId);
      steps.forEach((step, index) => {
        const prefix = trail.events.slice(0, index).filter((event) => event.streamName === rideStream).length;
        const server = fold(rideDecider, recorded.slice(0, prefix).map((event) => toDomainEvent<RideEvent>(event)));
        expect(browserShows(step), `${rideId} step ${index} (${step.event?.type ?? 'start'})`).toEqual(serverShows(server));
      });
    }
  });

  it('ends where the command handlers’ loadRide stands now', async () => {
    for (const { rideId, trail } of rides) {
      const { state } = await loadRide(bed.store, rideId);
      expect(browserShows(replaySteps(trail).at(-1)!)).toEqual(serverShows(state));
    }
    expect(rides.map(({ trail }) => replaySteps(trail).at(-1)!.view?.status)).toEqual(['completed', 'cancelled', 'expired']);
  });

  it('names who did each thing and never carries the PIN', () => {
    const [full] = rides;
    const requested = full!.trail.events[0]!;
    expect(requested.metadata).toMatchObject({ userId: rider.user.id, userName: 'Chanda Mulenga', role: 'passenger' });
    expect(full!.trail.events.find((event) => event.type === 'TripStarted')?.metadata).toMatchObject({ userName: 'Mwila Tembo', role: 'driver' });
    const pinsIssued = full!.trail.events.filter((event) => event.type === 'PinIssued');
    expect(pinsIssued.map((event) => event.data.pin)).toEqual([MASKED, MASKED]);
    expect(withoutIdsAndInstants(JSON.stringify(rides.map(({ trail }) => trail)))).not.toContain(PIN);
    expect(withoutIdsAndInstants(JSON.stringify(rides.map(({ trail }) => replaySteps(trail))))).not.toContain(PIN);
  });
});
