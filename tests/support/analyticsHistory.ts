import { randomUUID } from 'node:crypto';
import { bidIdFor, bidStreamId, type BidEvent } from '../../domain/bid/index.js';
import type { Actor } from '../../domain/shared/command.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import type { Projection } from '../../projections/runner/projection.js';
import { useOpened } from './openedFor.js';
import { openTestBed, type TestBed } from './projectionTestKit.js';
import { projectUntilApplied } from './projectUntilApplied.js';
import { Scenario, type RideSpec, type TestDriver } from './rideScenarios.js';

/**
 * Spec support for the analytics read models: one day on the Copperbelt (Wednesday 4 March 2026,
 * Lusaka time = UTC+2) with every outcome the analytics count, made by the domain deciders (bid
 * events appended as the bid streams hold them). The numbers the specs expect are worked out in
 * docs/analytics.md's terms beside each ride below.
 */

export const drivers = {
  mwale: { driverId: 'driver-mwale', userId: 'user-mwale', vehicleType: 'car' },
  banda: { driverId: 'driver-banda', userId: 'user-banda', vehicleType: 'car' },
  phiri: { driverId: 'driver-phiri', userId: 'user-phiri', vehicleType: 'car' },
  tembo: { driverId: 'driver-tembo', userId: 'user-tembo', vehicleType: 'motorcycle' },
} satisfies Record<string, TestDriver>;

export const pickups = {
  freedomPark: { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 },
  kitweCentre: { address: 'Kitwe Central', lat: -12.817, lng: 28.2 },
  ndola: { address: 'Ndola Central', lat: -12.9587, lng: 28.6366 },
};

const rider = (n: number): Actor => ({ userId: `rider-${n}`, role: 'passenger' });

export interface AnalyticsHistory {
  scenario: Scenario;
  /** Events appended to ride and bid streams: what the analytics projections will have applied. */
  rideEvents(): number;
  bidEvents(): number;
}

/**
 * An analytics read model's spec bed, named once at the top of its describe: before the tests, a
 * database of its own with `projections` migrated, the history recorded, and each projection run
 * over it `batchSize` events at a time (batches that split the day); dropped after them. `events`
 * says how many of the history's events a projection applies: its ride events unless told.
 */
export function useAnalyticsHistory(
  label: string,
  projections: Projection[],
  { batchSize, events = (history) => history.rideEvents() }: { batchSize: number; events?: (history: AnalyticsHistory) => number },
): TestBed {
  return useOpened(
    'file',
    async () => {
      const bed = await openTestBed(label);
      await bed.migrate(...projections);
      const history = await recordAnalyticsHistory(bed.store);
      for (const projection of projections) await projectUntilApplied({ ...bed, projection, events: events(history), batchSize });
      return bed;
    },
    (bed) => bed.dispose(),
  );
}

export async function recordAnalyticsHistory(store: EventStore): Promise<AnalyticsHistory> {
  const scenario = new Scenario(store, '2026-03-04T04:00:00Z');
  let bidEvents = 0;
  const bid = async (rideId: string, driver: TestDriver, ...events: BidEvent[]) => {
    await store.appendToStream(
      bidStreamId(bidIdFor(rideId, driver.driverId)),
      events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data })),
    );
    bidEvents += events.length;
  };

  for (const driver of Object.values(drivers)) {
    await scenario.approvedDriver(driver);
    await scenario.goOnline(driver);
  }

  /** Requested at `at`, assigned `waitMinutes` later, completed 18 minutes after that. */
  async function completed(rideId: string, at: string, spec: RideSpec, driver: TestDriver, waitMinutes: number) {
    await scenario.at(at).requestRide(rideId, spec);
    await scenario.later(waitMinutes).acceptRide(rideId, driver);
    await scenario.later(5).arrive(rideId, driver);
    await scenario.later(1).startTrip(rideId, driver);
    await scenario.later(12).complete(rideId, driver, { distanceKm: 4.2, durationMinutes: 12 });
    await scenario.release(driver, rideId);
  }

  const { mwale, banda, phiri, tembo } = drivers;
  // Kitwe, cars, 08:xx Lusaka: assigned after 1 and 3 minutes, completed for K50.00 and K43.21.
  await completed('kitwe-car-1', '2026-03-04T06:00:00Z', { riderId: 'rider-1', quoteTotalNgwee: 5_000 }, mwale, 1);
  await completed('kitwe-car-2', '2026-03-04T06:10:00Z', { riderId: 'rider-2', quoteTotalNgwee: 4_321 }, banda, 3);
  // Assigned after 10 minutes, then the rider gives up waiting.
  await scenario.at('2026-03-04T06:20:00Z').requestRide('kitwe-car-3', { riderId: 'rider-3' });
  await scenario.later(10).acceptRide('kitwe-car-3', phiri);
  await scenario.later(5).cancel('kitwe-car-3', rider(3), 'Waited too long', 'wait_too_long');
  await scenario.release(phiri, 'kitwe-car-3', 'ride_cancelled');
  // Ndola, 09:00 Lusaka: a motorcycle delivery assigned after 2 minutes (K20.00), a car search that expires.
  await completed('ndola-moto-1', '2026-03-04T07:00:00Z', { riderId: 'rider-4', vehicleType: 'motorcycle', pickup: pickups.ndola, quoteTotalNgwee: 2_000 }, tembo, 2);
  await scenario.at('2026-03-04T07:05:00Z').requestRide('kitwe-car-4', { riderId: 'rider-5' });
  // "My plans changed" chosen on a Nyanja screen here and on an English one below: one code, two wordings.
  await scenario.later(1).cancel('kitwe-car-4', rider(5), 'Zolinga zanga zasintha', 'changed_plans');
  await scenario.at('2026-03-04T07:10:00Z').requestRide('ndola-car-1', { riderId: 'rider-6', pickup: pickups.ndola });
  await scenario.later(11).expire('ndola-car-1');
  // Scheduled: one booked at 07:00 Lusaka for 11:00, dispatched at 10:45, assigned 5 minutes
  // later, the driver cancels at the pickup; one booked for tomorrow and cancelled while waiting.
  await scenario.at('2026-03-04T05:00:00Z').requestRide('kitwe-scheduled', { riderId: 'rider-7', scheduledFor: '2026-03-04T09:00:00Z' });
  await scenario.at('2026-03-04T05:30:00Z').requestRide('ndola-scheduled', { riderId: 'rider-8', pickup: pickups.ndola, scheduledFor: '2026-03-05T09:00:00Z' });
  await scenario.later(10).cancel('ndola-scheduled', rider(8), 'My plans changed', 'changed_plans');
  await scenario.at('2026-03-04T08:45:00Z').dispatch('kitwe-scheduled');
  await scenario.later(5).acceptRide('kitwe-scheduled', mwale);
  await scenario.later(5).arrive('kitwe-scheduled', mwale);
  // Sent without a code, as the API allows: it counts under `other`.
  await scenario.later(15).cancel('kitwe-scheduled', { userId: mwale.userId, role: 'driver' }, 'Rider not at pickup');
  await scenario.release(mwale, 'kitwe-scheduled', 'ride_cancelled');

  // Bidding at 10:00 Lusaka: four bids (Phiri withdraws and bids again), Mwale's accepted after 5 minutes.
  const biddingRide = 'kitwe-bidding-1';
  await scenario.at('2026-03-04T08:00:00Z').requestRide(biddingRide, { riderId: 'rider-9', pricingMethod: 'bidding', proposedFareNgwee: 5_000 });
  await bid(biddingRide, mwale, placed(biddingRide, mwale, 4_800, '08:01:00'));
  await bid(biddingRide, banda, placed(biddingRide, banda, 5_200, '08:01:30'));
  await bid(biddingRide, phiri, placed(biddingRide, phiri, 5_000, '08:02:00'), { type: 'BidWithdrawn', data: { ...ids(biddingRide, phiri), withdrawnAt: at('08:03:00') } });
  await bid(biddingRide, phiri, placed(biddingRide, phiri, 4_900, '08:03:30'));
  await scenario.at('2026-03-04T08:05:00Z').acceptBid(biddingRide, 'rider-9', mwale, 4_800);
  await bid(biddingRide, mwale, { type: 'BidMarkedAccepted', data: { ...ids(biddingRide, mwale), acceptedAt: at('08:05:01') } });
  for (const loser of [banda, phiri]) {
    await bid(biddingRide, loser, { type: 'BidMarkedRejected', data: { ...ids(biddingRide, loser), reason: 'another_bid_accepted', rejectedAt: at('08:05:01') } });
  }
  // Bidding at 11:00 Lusaka from Kitwe Central: one bid that lapses, then the search expires.
  const lapsedRide = 'kitwe-bidding-2';
  await scenario.at('2026-03-04T09:00:00Z').requestRide(lapsedRide, { riderId: 'rider-10', pricingMethod: 'bidding', pickup: pickups.kitweCentre });
  await bid(lapsedRide, banda, placed(lapsedRide, banda, 5_500, '09:01:00'), { type: 'BidExpired', data: { ...ids(lapsedRide, banda), expiredAt: at('09:03:00') } });
  await scenario.at('2026-03-04T09:11:00Z').expire(lapsedRide);

  // 23:50 Lusaka: requested on the 4th, assigned 12 minutes later and completed (K60.00) on the 5th.
  await completed('kitwe-late', '2026-03-04T21:50:00Z', { riderId: 'rider-11', quoteTotalNgwee: 6_000 }, banda, 12);

  return {
    scenario,
    rideEvents: () => scenario.appendedTo('ride-'),
    bidEvents: () => bidEvents,
  };
}

const at = (time: string) => new Date(`2026-03-04T${time}Z`).toISOString();
const ids = (rideId: string, driver: TestDriver) => ({ bidId: bidIdFor(rideId, driver.driverId), rideId, driverId: driver.driverId });

function placed(rideId: string, driver: TestDriver, amountNgwee: number, time: string): BidEvent {
  return {
    type: 'BidPlaced',
    data: {
      ...ids(rideId, driver),
      driverUserId: driver.userId,
      amountNgwee,
      message: '',
      estimatedArrivalMinutes: 4,
      expiresAt: new Date(Date.parse(at(time)) + 120_000).toISOString(),
      placedAt: at(time),
    },
  };
}
