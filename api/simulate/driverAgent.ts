import type { LatLng } from '../../domain/catalogue/index.js';
import type { DemoDriver } from '../demo/roster.js';
import { ApiError, refusalOf, type Session } from './client.js';
import { Mover } from './mover.js';
import { pointOnNetwork, roadNetwork, roadRoute, type RoadNetwork } from './roads.js';
import { fareWithin, kwacha, type BidAnswer, type RideAnswer, type World } from './world.js';

type Phase =
  | { kind: 'idle' }
  | { kind: 'bidding'; rideId: string; bidId: string; since: number }
  | { kind: 'toPickup'; ride: RideAnswer }
  | { kind: 'atPickup'; ride: RideAnswer; since: number }
  | { kind: 'toDropoff'; ride: RideAnswer };

/** How long a driver waits on a bid, or for the rider at the pickup, before giving up. */
const BID_PATIENCE_MS = 90_000;
const PICKUP_PATIENCE_MS = 120_000;
const OFFLINE_ATTEMPTS = 20;
/** Idle drivers look at the requests every other tick (the driver app polls every few seconds). */
const POLL_EVERY_TICKS = 2;
const RIDE_CHECK_EVERY_TICKS = 5;

/**
 * A demo driver: online, cruising the town's main roads, taking fixed-price rides and bidding on
 * bidding ones, then driving to the pickup, starting with the rider's PIN, driving to the dropoff,
 * completing and rating the rider. Every step is an ordinary API call with this driver's session.
 */
export class DriverAgent {
  private phase: Phase = { kind: 'idle' };
  private readonly mover: Mover;
  private readonly network: RoadNetwork;
  /** Rides this driver has already bid on or failed to take: not tried again. */
  private readonly passed = new Set<string>();
  private readonly name: string;

  constructor(
    readonly profile: DemoDriver,
    private readonly session: Session,
    private readonly world: World,
    private readonly index: number,
  ) {
    this.mover = new Mover(profile.start);
    this.network = roadNetwork(profile.town);
    this.name = `${profile.fullName} (${profile.vehicleType}, ${profile.town})`;
  }

  get driverId(): string {
    return this.session.userId;
  }

  /** Ends what an earlier, interrupted run left: a trip under way is completed, a ride not yet started is cancelled. */
  async clearLeftovers(): Promise<void> {
    const profile = await this.session.expect<{ engagedRideId: string | null }>('GET', `/api/drivers/user/${this.driverId}`);
    if (!profile.engagedRideId) return;
    await this.endRide(profile.engagedRideId, 'left over from an earlier simulator run');
  }

  async goOnline(): Promise<void> {
    await this.session.expect('PATCH', `/api/drivers/${this.driverId}/status`, { isOnline: true, location: this.mover.position });
    this.world.log(null, this.name, `online at ${this.mover.position.lat.toFixed(4)}, ${this.mover.position.lng.toFixed(4)}`);
  }

  async step(): Promise<void> {
    // Before the trip starts the rider may cancel: every few ticks, check the ride is still on.
    if ((this.phase.kind === 'toPickup' || this.phase.kind === 'atPickup') && this.world.tick % RIDE_CHECK_EVERY_TICKS === 0) {
      await this.recover();
    }
    switch (this.phase.kind) {
      case 'idle':
        await this.cruise();
        if ((this.world.tick + this.index) % POLL_EVERY_TICKS === 0) await this.lookForRide();
        return;
      case 'bidding':
        await this.cruise();
        return this.followBid(this.phase);
      case 'toPickup':
        if (await this.drive()) return;
        await this.session.expect('POST', `/api/rides/${this.phase.ride.id}/arrive`, undefined, `sim-arrive-${this.phase.ride.id}`);
        this.world.log(this.phase.ride.id, this.name, `arrived at ${this.phase.ride.pickupLocation.address}`);
        this.phase = { kind: 'atPickup', ride: this.phase.ride, since: this.world.tick };
        return;
      case 'atPickup':
        return this.startWithPin(this.phase);
      case 'toDropoff':
        if (await this.drive()) return;
        return this.complete(this.phase);
    }
  }

  /** Leaving: a trip under way is ended; the driver goes offline. */
  async stop(): Promise<void> {
    if (this.phase.kind === 'toDropoff') await this.complete(this.phase).catch(() => undefined);
    if (this.phase.kind === 'bidding') {
      await this.session.call('POST', `/api/bids/${this.phase.bidId}/withdraw`).catch(() => undefined);
    }
    // A ride just completed or cancelled releases its driver a moment later (a reactor does): until then, going offline is refused.
    for (let attempt = 1; attempt <= OFFLINE_ATTEMPTS; attempt++) {
      const offline = await this.session.call('PATCH', `/api/drivers/${this.driverId}/status`, { isOnline: false }).catch(() => undefined);
      if (offline?.status === 200) {
        this.world.log(null, this.name, 'offline');
        return;
      }
      if (offline && offline.status !== 409) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    this.world.log(null, this.name, 'could not go offline; still engaged');
  }

  /** After a failed step: if the ride is over (cancelled by the rider, say), back to cruising. */
  async recover(): Promise<void> {
    // (A bid's fate is followed on the bid itself; a driver cannot read a ride they do not hold.)
    const rideId = 'ride' in this.phase ? this.phase.ride.id : null;
    if (!rideId) return;
    const now = await this.session.call<RideAnswer>('GET', `/api/rides/${rideId}`);
    if (now.status === 404 || ['cancelled', 'expired', 'completed'].includes(now.body?.status)) {
      this.world.log(rideId, this.name, `ride is ${now.body?.status ?? 'gone'}; back on the road`);
      this.phase = { kind: 'idle' };
      this.mover.follow([]);
    }
  }

  private async cruise(): Promise<void> {
    if (this.mover.arrived) {
      this.mover.follow(roadRoute(this.network, this.mover.position, pointOnNetwork(this.network, this.world.random.next())));
    }
    this.mover.advance(this.world.options.stepMetres);
    await this.reportPosition();
  }

  /** One tick of driving to the current destination; false once there. */
  private async drive(): Promise<boolean> {
    if (this.mover.arrived) return false;
    this.mover.advance(this.world.options.stepMetres);
    await this.reportPosition();
    return true;
  }

  private async reportPosition(): Promise<void> {
    const { lat, lng } = this.mover.position;
    const answer = await this.session.call('POST', `/api/drivers/${this.driverId}/location`, { lat, lng, heading: this.mover.heading });
    // Just after going online the read model may not show it yet: the next ping gets through.
    if (answer.status !== 200 && answer.body?.code !== 'driver_offline') throw new ApiError('POST', 'location', answer.status, answer.body);
  }

  private async lookForRide(): Promise<void> {
    const { rides } = await this.session.expect<{ rides: RideAnswer[] }>('GET', `/api/rides/pending/${this.profile.vehicleType}`);
    const candidates = rides
      .filter((ride) => ride.city === this.profile.town && !this.passed.has(ride.id))
      .sort((a, b) => (a.pickupDistanceKm ?? Infinity) - (b.pickupDistanceKm ?? Infinity));
    const ride = candidates[0];
    if (!ride) return;
    this.passed.add(ride.id);
    if (ride.pricingMethod === 'fixed') return this.accept(ride);
    return this.bid(ride);
  }

  private async accept(ride: RideAnswer): Promise<void> {
    const answer = await this.session.call<RideAnswer>('PATCH', `/api/rides/${ride.id}`, { status: 'accepted' }, `sim-accept-${ride.id}`);
    if (answer.status !== 200) {
      this.world.log(ride.id, this.name, `could not take the ride (${refusalOf(answer)})`);
      return;
    }
    this.world.log(ride.id, this.name, `accepted the fixed-price ride at ${kwacha(answer.body.agreedFare)}; driving to ${ride.pickupLocation.address}`);
    this.headFor({ kind: 'toPickup', ride: answer.body }, ride.pickupLocation);
  }

  private async bid(ride: RideAnswer): Promise<void> {
    const { random } = this.world;
    const asked = ride.offeredFare ?? ride.quote.total;
    const bidAmount = fareWithin(asked * (1 + random.next() * 0.2), ride.quote.floor, ride.quote.ceiling);
    const estimatedArrival = Math.max(1, Math.min(120, Math.round((ride.pickupDistanceKm ?? 2) * 2) + 1));
    const answer = await this.session.call<BidAnswer>(
      'POST',
      '/api/bids',
      { rideId: ride.id, bidAmount, message: `${this.profile.fullName.split(' ')[0]} here, ${estimatedArrival} min away`, estimatedArrival },
      `sim-bid-${ride.id}`,
    );
    if (answer.status !== 201 && answer.status !== 200) {
      this.world.log(ride.id, this.name, `could not bid (${refusalOf(answer)})`);
      return;
    }
    this.world.log(ride.id, this.name, `bid ${kwacha(bidAmount)} (rider offers ${kwacha(asked)}), ${estimatedArrival} min away`);
    this.phase = { kind: 'bidding', rideId: ride.id, bidId: answer.body.id, since: this.world.tick };
  }

  private async followBid(phase: Extract<Phase, { kind: 'bidding' }>): Promise<void> {
    const { bids } = await this.session.expect<{ bids: BidAnswer[] }>('GET', `/api/bids/ride/${phase.rideId}`);
    const mine = bids.find((bid) => bid.id === phase.bidId);
    if (mine?.status === 'accepted') {
      const ride = await this.session.expect<RideAnswer>('GET', `/api/rides/${phase.rideId}`);
      this.world.log(phase.rideId, this.name, `bid accepted at ${kwacha(ride.agreedFare)}; driving to ${ride.pickupLocation.address}`);
      this.headFor({ kind: 'toPickup', ride }, ride.pickupLocation);
      return;
    }
    if (mine && mine.status !== 'placed') {
      this.world.log(phase.rideId, this.name, `bid ${mine.status}`);
      this.phase = { kind: 'idle' };
      return;
    }
    if (this.world.tick - phase.since > this.world.ticksFor(BID_PATIENCE_MS)) {
      await this.session.call('POST', `/api/bids/${phase.bidId}/withdraw`, undefined, `sim-withdraw-${phase.bidId}`);
      this.world.log(phase.rideId, this.name, 'withdrew the bid after waiting too long');
      this.phase = { kind: 'idle' };
    }
  }

  private async startWithPin(phase: Extract<Phase, { kind: 'atPickup' }>): Promise<void> {
    const { ride } = phase;
    const pin = this.world.pins.get(ride.id);
    if (!pin) {
      if (this.world.tick - phase.since > this.world.ticksFor(PICKUP_PATIENCE_MS)) await this.endRide(ride.id, 'the rider never came out');
      return;
    }
    const answer = await this.session.call('POST', `/api/rides/${ride.id}/start`, { pin });
    if (answer.status !== 200) {
      // A PIN replaced since it was handed over: wait for the rider to show the new one.
      this.world.pins.delete(ride.id);
      this.world.log(ride.id, this.name, `PIN refused (${refusalOf(answer)})`);
      return;
    }
    this.world.pins.delete(ride.id);
    this.world.log(ride.id, this.name, `started the trip with the rider's PIN; driving to ${ride.dropoffLocation.address}`);
    this.headFor({ kind: 'toDropoff', ride }, ride.dropoffLocation);
  }

  private async complete(phase: Extract<Phase, { kind: 'toDropoff' }>): Promise<void> {
    const { ride } = phase;
    const distanceKm = Math.round(this.mover.distanceMetres / 10) / 100;
    // Minutes as if driven at town speed (30 km/h), whatever the simulator's pace.
    const durationMinutes = Math.max(1, Math.round((distanceKm / 30) * 60));
    const done = await this.session.expect<RideAnswer>('POST', `/api/rides/${ride.id}/complete`, { distanceKm, durationMinutes }, `sim-complete-${ride.id}`);
    this.world.log(ride.id, this.name, `completed at ${ride.dropoffLocation.address}: ${distanceKm} km, fare ${kwacha(done.finalFare)}`);
    const stars = this.world.random.chance(0.8) ? 5 : 4;
    await this.session.expect('POST', `/api/rides/${ride.id}/rate`, { stars }, `sim-rate-${ride.id}`);
    this.world.log(ride.id, this.name, `rated the rider ${stars}★`);
    this.phase = { kind: 'idle' };
    this.mover.follow([]);
  }

  private headFor(phase: Phase, destination: LatLng): void {
    this.phase = phase;
    this.mover.follow(roadRoute(this.network, this.mover.position, destination));
  }

  /** A ride this driver holds but will not finish: completed if under way, else cancelled. */
  private async endRide(rideId: string, reason: string): Promise<void> {
    const ride = await this.session.expect<RideAnswer>('GET', `/api/rides/${rideId}`);
    if (ride.status === 'in_progress') {
      await this.session.expect('POST', `/api/rides/${rideId}/complete`, {});
      this.world.log(rideId, this.name, `completed (${reason})`);
    } else if (ride.status === 'accepted' || ride.status === 'arrived') {
      await this.session.expect('POST', `/api/rides/${rideId}/cancel`, { reason });
      this.world.log(rideId, this.name, `cancelled (${reason})`);
    }
    this.phase = { kind: 'idle' };
  }
}
