import { describe, expect, it } from 'vitest';
import { bidBounds, lusakaHour } from '../../domain/fare/index.js';
import { rideStreamId } from '../../domain/ride/index.js';
import {
  admin,
  as,
  driverUser,
  expectRefusal,
  passenger,
  rideRequest,
  storedTypes,
  uniqueId,
  useRideTestBed,
} from '../../tests/support/rideFixtures.js';
import { entityIdSchema, requestRide, rideIdFor } from './index.js';

const bed = useRideTestBed('requestride', { settings: { weather: 'rain' } });

const rider = passenger('chanda');

describe('RequestRide', () => {
  it('given nothing, a passenger books a fixed-price ride: the server quotes it and locks the quote in', async () => {
    const input = rideRequest();
    const result = await requestRide(bed.services, input, as(rider));

    expect(result.status?.status).toBe('pending');
    const [stored] = await bed.store.readStream(rideStreamId(input.rideId!));
    expect(stored).toMatchObject({ type: 'RideRequested', data: { rideId: input.rideId, riderId: rider.userId, pricingMethod: 'fixed' } });
    const { quote } = result;
    expect(stored!.data).toMatchObject({ quote, requestedAt: bed.clock.now().toISOString() });
    expect(quote.totalNgwee).toBe(quote.breakdown.totalFare);
    const bounds = bidBounds(quote.totalNgwee);
    expect([quote.floorNgwee, quote.ceilingNgwee]).toEqual([bounds.floor, bounds.ceiling]);
    // Priced for the hour in Zambia, under the admin's weather, with the route's traffic.
    expect(quote.breakdown.conditions).toEqual({ hour: lusakaHour(bed.clock.now()), surge: 'none', traffic: 'moderate', weather: 'rain' });
    expect(quote.breakdown).toMatchObject({ vehicleId: 'car', isFixedPrice: true });
    expect(quote.breakdown.distanceKm).toBeGreaterThan(3);
  });

  it('prices by distance: a longer trip quotes more', async () => {
    const near = await requestRide(bed.services, rideRequest(), as(rider));
    const far = await requestRide(bed.services, rideRequest({ dropoff: { address: 'Ndola', lat: -12.9587, lng: 28.6366 } }), as(rider));
    expect(far.quote.totalNgwee).toBeGreaterThan(near.quote.totalNgwee);
  });

  it('turns surge on only when the admin setting says so, and only at peak hours', async () => {
    const peak = new Date('2026-03-11T05:30:00.000Z'); // 07:30 in Lusaka
    const scheduled = (surgeEnabled: boolean) => {
      bed.settings.surgeEnabled = surgeEnabled;
      return requestRide(bed.services, rideRequest({ scheduledFor: peak.toISOString() }), as(rider));
    };
    try {
      const off = await scheduled(false);
      const on = await scheduled(true);
      expect(off.quote.breakdown.conditions).toMatchObject({ hour: 7, surge: 'none' });
      expect(on.quote.breakdown.conditions).toMatchObject({ hour: 7, surge: 'medium' });
      expect(on.quote.totalNgwee).toBeGreaterThan(off.quote.totalNgwee);
    } finally {
      bed.settings.surgeEnabled = false;
    }
  });

  it('given nothing, a scheduled ride is RideScheduled, priced for the hour it runs', async () => {
    const scheduledFor = new Date(bed.clock.now().getTime() + 9 * 3600_000).toISOString(); // 20:30 in Lusaka
    const result = await requestRide(bed.services, rideRequest({ scheduledFor }), as(rider));
    expect(result.events.map((e) => e.type)).toEqual(['RideScheduled']);
    expect(result.status?.status).toBe('scheduled');
    expect(result.quote.breakdown.conditions).toMatchObject({ hour: lusakaHour(new Date(scheduledFor)) });
  });

  it('a bidding ride keeps the rider opening offer, within the bounds', async () => {
    const probe = await requestRide(bed.services, rideRequest(), as(rider));
    const result = await requestRide(
      bed.services,
      rideRequest({ pricingMethod: 'bidding', proposedFareNgwee: probe.quote.floorNgwee }),
      as(rider),
    );
    expect(result.events[0]).toMatchObject({
      type: 'RideRequested',
      data: { pricingMethod: 'bidding', proposedFareNgwee: probe.quote.floorNgwee },
    });
    expect(result.state.context.offeredFareNgwee).toBe(probe.quote.floorNgwee);
  });

  it('a courier booking carries a package size, not passengers', async () => {
    const result = await requestRide(
      bed.services,
      rideRequest({ vehicleType: 'motorcycle', passengerCount: null, packageSize: 'small' }),
      as(rider),
    );
    expect(result.events[0]).toMatchObject({ data: { vehicleType: 'motorcycle', packageSize: 'small', passengerCount: null } });
  });

  it('without a ride id, the id comes from the command id: a retried request books one ride', async () => {
    const { rideId: _given, ...input } = rideRequest();
    const context = as(rider);
    const first = await requestRide(bed.services, input, context);
    const again = await requestRide(bed.services, input, context);
    expect(first.rideId).toBe(rideIdFor(context.commandId));
    expect(again).toMatchObject({ rideId: first.rideId, repeated: true });
    expect(await storedTypes(bed.store, rideStreamId(first.rideId))).toEqual(['RideRequested']);
  });

  describe('refusals append nothing', () => {
    const refused = (input: ReturnType<typeof rideRequest>, actor = rider) => ({
      // A malformed id names no stream that could have grown.
      streams: entityIdSchema.safeParse(input.rideId).success ? [rideStreamId(input.rideId!)] : [],
      act: () => requestRide(bed.services, input, as(actor)),
    });

    it('a coming-soon service is not for passengers (forbidden, naming the vehicle)', async () => {
      const { streams, act } = refused(rideRequest({ vehicleType: 'deluxe' }));
      await expectRefusal(bed.store, streams, act, 'forbidden', /vehicleType: Deluxe is coming soon/);
    });

    it('only a passenger books, for themself: a driver is forbidden', async () => {
      const { streams, act } = refused(rideRequest(), driverUser('mwale'));
      await expectRefusal(bed.store, streams, act, 'forbidden', /RequestRide is not allowed for driver/);
    });

    it('an admin may see coming-soon services but the ride lifecycle takes bookings from passengers only', async () => {
      const { streams, act } = refused(rideRequest({ vehicleType: 'deluxe' }), admin);
      await expectRefusal(bed.store, streams, act, 'forbidden', /RequestRide is not allowed for admin/);
    });

    it.each([
      [{ pickup: { address: 'Nowhere', lat: 200, lng: 28 } }, /^pickup\.lat:/],
      [{ vehicleType: 'rickshaw' as never }, /^vehicleType:/],
      [{ rideId: 'ride with spaces' }, /^rideId: may hold only/],
      [{ passengerCount: 9 }, /^passengerCount: a Car takes at most 4 passengers/],
      [{ vehicleType: 'motorcycle' as const, passengerCount: 1 }, /^passengerCount: a Motorcycle Courier carries packages only/],
      [{ vehicleType: 'motorcycle' as const, passengerCount: null, packageSize: 'xl' as const }, /^packageSize:/],
      [{ pricingMethod: 'bidding' as const }, /^proposedFareNgwee: a bidding ride needs a proposed fare/],
      [{ scheduledFor: '2020-01-01T00:00:00.000Z' }, /^scheduledFor: a scheduled ride must lie in the future/],
    ])('bad input %j is invalid, naming the field', async (overrides, message) => {
      const { streams, act } = refused(rideRequest(overrides));
      await expectRefusal(bed.store, streams, act, 'invalid', message);
    });

    it('a proposal under the floor is refused with the floor', async () => {
      const { streams, act } = refused(rideRequest({ pricingMethod: 'bidding', proposedFareNgwee: 100 }));
      await expectRefusal(bed.store, streams, act, 'proposal_below_floor', /proposedFareNgwee 100 is below the floor/);
    });

    it('a ride id already taken is not booked again', async () => {
      const rideId = uniqueId('ride');
      await requestRide(bed.services, rideRequest({ rideId }), as(rider));
      const { streams, act } = refused(rideRequest({ rideId }));
      await expectRefusal(bed.store, streams, act, 'not_allowed_in_state', /ride is pending/);
    });
  });
});
