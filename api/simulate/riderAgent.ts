import { knownPlaces, vehicleById, type KnownPlace, type VehicleId } from '../../domain/catalogue/index.js';
import type { DemoRider } from '../demo/roster.js';
import type { Session } from './client.js';
import { metresBetween } from './roads.js';
import { fareWithin, kwacha, type BidAnswer, type RideAnswer, type World } from './world.js';

type Phase =
  | { kind: 'resting'; until: number }
  | { kind: 'waiting'; ride: RideAnswer; since: number }
  | { kind: 'weighingBids'; ride: RideAnswer; since: number; firstBidAt: number | null; countered: boolean }
  | { kind: 'riding'; ride: RideAnswer; pinShown: boolean };

/** What riders book: cars mostly, and the courier services (a parcel, never a passenger, on a motorbike). */
const SERVICE_MIX: readonly VehicleId[] = ['car', 'car', 'car', 'car-xl', 'motorcycle', 'motorcycle', 'light-truck', 'assist', 'food-delivery'];
const WAIT_FOR_DRIVER_MS = 120_000;
/** After the first bid, how long to let others come in before choosing. */
const BIDS_GATHER_TICKS = 3;
const MIN_TRIP_METRES = 1_000;

/**
 * A demo rider: books a ride between two known places of their town (fixed price and bidding in
 * turn), weighs the bids (sometimes countering first) and accepts the cheapest, shows the driver
 * the PIN, and rates the driver once the ride is completed.
 */
export class RiderAgent {
  private phase: Phase;
  private booked = 0;
  private readonly places: KnownPlace[];
  private readonly name: string;

  constructor(
    readonly profile: DemoRider,
    private readonly session: Session,
    private readonly world: World,
    private readonly index: number,
  ) {
    this.places = knownPlaces.filter((place) => place.cityId === profile.town);
    this.name = `${profile.fullName} (rider, ${profile.town})`;
    this.phase = { kind: 'resting', until: index };
  }

  /** Cancels what an earlier, interrupted run left waiting for a driver or for the pickup. */
  async clearLeftovers(): Promise<void> {
    const { rides } = await this.session.expect<{ rides: RideAnswer[] }>('GET', '/api/rides/mine?limit=20');
    for (const ride of rides.filter((candidate) => ['pending', 'accepted', 'arrived'].includes(candidate.status))) {
      await this.session.expect('POST', `/api/rides/${ride.id}/cancel`, { reason: 'left over from an earlier simulator run' });
      this.world.log(ride.id, this.name, 'cancelled (left over from an earlier simulator run)');
    }
  }

  async step(): Promise<void> {
    const { phase } = this;
    switch (phase.kind) {
      case 'resting':
        if (this.world.tick >= phase.until && !this.world.done) await this.book();
        return;
      case 'waiting':
        return this.waitForDriver(phase);
      case 'weighingBids':
        return this.weighBids(phase);
      case 'riding':
        return this.ride(phase);
    }
  }

  /** Leaving: a ride still waiting for its driver, or for its trip to start, is cancelled. */
  async stop(): Promise<void> {
    if (this.phase.kind === 'resting') return;
    const { ride } = this.phase;
    const now = await this.session.call<RideAnswer>('GET', `/api/rides/${ride.id}`).catch(() => undefined);
    if (now && ['pending', 'accepted', 'arrived'].includes(now.body?.status)) {
      const cancelled = await this.session.call('POST', `/api/rides/${ride.id}/cancel`, { reason: 'simulator stopped' }).catch(() => undefined);
      if (cancelled?.status === 200) this.world.log(ride.id, this.name, 'cancelled (simulator stopped)');
    }
  }

  private async book(): Promise<void> {
    const { random } = this.world;
    const vehicleType = random.pick(SERVICE_MIX);
    const pricingMethod = (this.index + this.booked) % 2 === 0 ? 'bidding' : 'fixed';
    const pickup = random.pick(this.places);
    const dropoff = random.pick(this.places.filter((place) => metresBetween(place.coordinates, pickup.coordinates) >= MIN_TRIP_METRES));
    const load = vehicleById(vehicleType).load;
    const at = (place: KnownPlace) => ({ address: place.name, ...place.coordinates });
    let proposedFare: number | null = null;
    if (pricingMethod === 'bidding') {
      const quote = await this.session.expect<{ totalNgwee: number; bounds: { floorNgwee: number; ceilingNgwee: number } }>('POST', '/api/fares/quote', {
        vehicleType,
        pickup: pickup.coordinates,
        dropoff: dropoff.coordinates,
        pricingMethod,
      });
      proposedFare = fareWithin((quote.totalNgwee / 100) * (0.8 + random.next() * 0.2), quote.bounds.floorNgwee / 100, quote.bounds.ceilingNgwee / 100);
    }
    const body = {
      vehicleType,
      pickupLocation: at(pickup),
      dropoffLocation: at(dropoff),
      pricingMethod,
      proposedFare,
      paymentMethod: 'cash',
      ...(load.kind === 'package' ? { packageSize: load.sizes[0] } : { passengerCount: random.between(1, Math.min(3, load.maxPassengers)) }),
    };
    this.booked += 1;
    const ride = await this.session.expect<RideAnswer>('POST', '/api/rides', body, `sim-${this.world.options.seed}-${this.index}-${this.booked}-${random.between(0, 1e9)}`);
    const price = pricingMethod === 'bidding' ? `bidding, offers ${kwacha(ride.offeredFare)}` : `fixed price ${kwacha(ride.quote.total)}`;
    this.world.log(ride.id, this.name, `requested ${vehicleById(vehicleType).name}, ${price}: ${pickup.name} → ${dropoff.name}`);
    this.phase =
      pricingMethod === 'bidding'
        ? { kind: 'weighingBids', ride, since: this.world.tick, firstBidAt: null, countered: false }
        : { kind: 'waiting', ride, since: this.world.tick };
  }

  private async waitForDriver(phase: Extract<Phase, { kind: 'waiting' }>): Promise<void> {
    const ride = await this.session.expect<RideAnswer>('GET', `/api/rides/${phase.ride.id}`);
    if (ride.status === 'pending') return this.giveUpAfterWaiting(phase.ride, phase.since);
    this.afterSearch(ride);
  }

  private async weighBids(phase: Extract<Phase, { kind: 'weighingBids' }>): Promise<void> {
    const ride = await this.session.expect<RideAnswer>('GET', `/api/rides/${phase.ride.id}`);
    if (ride.status !== 'pending') return this.afterSearch(ride);
    const { bids } = await this.session.expect<{ bids: BidAnswer[] }>('GET', `/api/bids/ride/${ride.id}`);
    const live = bids.filter((bid) => bid.status === 'placed').sort((a, b) => a.bidAmount - b.bidAmount);
    if (live.length === 0) return this.giveUpAfterWaiting(ride, phase.since);
    phase.firstBidAt ??= this.world.tick;
    if (this.world.tick - phase.firstBidAt < BIDS_GATHER_TICKS) return;
    const cheapest = live[0]!;
    if (!phase.countered && this.world.random.chance(0.35)) {
      const offeredFare = fareWithin(cheapest.bidAmount * 0.9, ride.quote.floor, ride.quote.ceiling);
      await this.session.expect('POST', `/api/rides/${ride.id}/counter-offer`, { offeredFare }, `sim-counter-${ride.id}`);
      this.world.log(ride.id, this.name, `countered with ${kwacha(offeredFare)} (${live.length} bid(s), lowest ${kwacha(cheapest.bidAmount)})`);
      phase.countered = true;
      phase.firstBidAt = this.world.tick;
      return;
    }
    const accepted = await this.session.expect<RideAnswer>('PATCH', `/api/bids/${cheapest.id}`, { status: 'accepted' }, `sim-acceptbid-${cheapest.id}`);
    const from = cheapest.bidder?.firstName ?? 'a driver';
    this.world.log(ride.id, this.name, `accepted ${from}'s bid of ${kwacha(cheapest.bidAmount)} (of ${live.length}); driver assigned`);
    this.phase = { kind: 'riding', ride: accepted, pinShown: false };
  }

  private async giveUpAfterWaiting(ride: RideAnswer, since: number): Promise<void> {
    if (this.world.tick - since <= this.world.ticksFor(WAIT_FOR_DRIVER_MS)) return;
    await this.session.expect('POST', `/api/rides/${ride.id}/cancel`, { reason: 'No driver came in time' }, `sim-cancel-${ride.id}`);
    this.world.log(ride.id, this.name, 'cancelled: no driver came in time');
    this.rest();
  }

  /** The search is over: a driver came (ride on), or the ride ended without one. */
  private afterSearch(ride: RideAnswer): void {
    if (['accepted', 'arrived', 'in_progress', 'completed'].includes(ride.status)) {
      this.world.log(ride.id, this.name, `driver assigned: ${ride.driver?.fullName ?? 'a driver'}`);
      this.phase = { kind: 'riding', ride, pinShown: false };
      return;
    }
    this.world.log(ride.id, this.name, `ride ${ride.status}`);
    this.rest();
  }

  private async ride(phase: Extract<Phase, { kind: 'riding' }>): Promise<void> {
    const ride = await this.session.expect<RideAnswer>('GET', `/api/rides/${phase.ride.id}`);
    if (ride.status === 'arrived' && ride.pin?.code) {
      // At the pickup the rider reads the PIN off their screen and shows it to the driver; the log never holds it.
      this.world.pins.set(ride.id, ride.pin.code);
      if (!phase.pinShown) this.world.log(ride.id, this.name, 'met the driver and showed the PIN');
      phase.pinShown = true;
      return;
    }
    if (ride.status === 'completed') {
      const stars = this.world.random.chance(0.7) ? 5 : 4;
      await this.session.expect('POST', `/api/rides/${ride.id}/rate`, { stars, comment: stars === 5 ? 'Smooth ride, thank you' : null }, `sim-rate-${ride.id}`);
      this.world.log(ride.id, this.name, `rated the driver ${stars}★ (paid ${kwacha(ride.finalFare)} cash)`);
      this.world.rideFinished({
        rideId: ride.id,
        vehicleType: ride.vehicleType,
        pricingMethod: ride.pricingMethod,
        acceptedBidId: ride.acceptedBidId,
        finalFare: ride.finalFare,
      });
      this.rest();
      return;
    }
    if (ride.status === 'cancelled' || ride.status === 'expired') {
      this.world.log(ride.id, this.name, `ride ${ride.status}`);
      this.rest();
    }
  }

  private rest(): void {
    this.phase = { kind: 'resting', until: this.world.tick + this.world.random.between(2, 6) };
  }
}
