import type { LatLng } from '../../domain/catalogue/index.js';
import { EXPLAINED_STOP_RADIUS_METRES, UNEXPECTED_STOP_MINUTES } from '../../domain/rideChecks/index.js';
import type { DemoDriver } from '../demo/roster.js';
import { answerLost, ApiError, refusalOf, type Answer, type Session } from './client.js';
import { Mover } from './mover.js';
import { metresBetween, pointOnNetwork, roadNetwork, roadRoute, type RoadNetwork } from './roads.js';
import { fareWithin, kwacha, type BidAnswer, type RideAnswer, type World } from './world.js';

type Phase =
  | { kind: 'idle' }
  /** An accept or a bid sent whose answer was lost: sent again with the same Idempotency-Key until it is answered. */
  | { kind: 'unanswered'; ride: RideAnswer; what: 'accept' | 'bid'; body: unknown; idempotencyKey: string; since: number }
  | { kind: 'bidding'; rideId: string; bidId: string; since: number }
  | { kind: 'toPickup'; ride: RideAnswer }
  | { kind: 'atPickup'; ride: RideAnswer; since: number }
  /** `longStop`: not drawn yet (undefined), none on this trip, or standing until that tick (then done). */
  | { kind: 'toDropoff'; ride: RideAnswer; longStop?: 'none' | 'done' | { untilTick: number } };

/** How long a driver waits on a bid, or for the rider at the pickup, before giving up. */
const BID_PATIENCE_MS = 90_000;
const PICKUP_PATIENCE_MS = 120_000;
const OFFLINE_ATTEMPTS = 20;
/** How long an unanswered accept or bid is sent again before the driver reads the state back and moves on. */
const UNANSWERED_RETRY_MS = 60_000;
/** How long a driver keeps an eye on a finished ride's payment (to confirm cash the rider hands over). */
const SETTLE_WITHIN_TICKS = 40;
/** Idle drivers look at the requests every other tick (the driver app polls every few seconds). */
const POLL_EVERY_TICKS = 2;
const RIDE_CHECK_EVERY_TICKS = 5;
/** A long stop lasts a minute past the server's unexpected-stop threshold, so the rider is asked. */
const LONG_STOP_MS = (UNEXPECTED_STOP_MINUTES + 1) * 60_000;
/** …and happens clear of the pickup and the dropoff, where waiting is expected and never asked about. */
const LONG_STOP_CLEARANCE_METRES = EXPLAINED_STOP_RADIUS_METRES * 2;

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

  /** Rides this driver finished whose payment is not settled yet: ride id → the tick it ended. */
  private readonly unsettled = new Map<string, number>();

  async step(): Promise<void> {
    await this.confirmCash();
    // Before the trip starts the rider may cancel: every few ticks, check the ride is still on.
    if ((this.phase.kind === 'toPickup' || this.phase.kind === 'atPickup') && this.world.tick % RIDE_CHECK_EVERY_TICKS === 0) {
      await this.recover();
    }
    switch (this.phase.kind) {
      case 'idle':
        await this.cruise();
        if ((this.world.tick + this.index) % POLL_EVERY_TICKS === 0) await this.lookForRide();
        return;
      case 'unanswered':
        return this.sendAgain(this.phase);
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
        if (await this.standForLongStop(this.phase)) return;
        if (await this.drive()) return;
        return this.complete(this.phase);
    }
  }

  /** Leaving: a trip under way is ended; the driver goes offline. */
  async stop(): Promise<void> {
    // An accept or bid still unanswered is settled first, so what it did is ended below.
    if (this.phase.kind === 'unanswered') await this.sendAgain(this.phase).catch(() => undefined);
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

  /**
   * After a failed step, the state is read back from the server rather than assumed: the ride this
   * driver holds (if any, from the driver's profile) and its status decide the phase — a ride over
   * (cancelled by the rider, say) sends the driver back to cruising; a ride the server says this
   * driver holds is taken up where it stands (an answer lost to a crash may have left the driver
   * engaged while this agent thought it free).
   */
  async recover(): Promise<void> {
    if (this.phase.kind === 'unanswered') return; // its next step sends the same request again
    const rideId = 'ride' in this.phase ? this.phase.ride.id : null;
    if (rideId) {
      const now = await this.session.call<RideAnswer>('GET', `/api/rides/${rideId}`);
      if (now.status === 404 || ['cancelled', 'expired', 'completed'].includes(now.body?.status)) {
        this.world.log(rideId, this.name, `ride is ${now.body?.status ?? 'gone'}; back on the road`);
        this.phase = { kind: 'idle' };
        this.mover.follow([]);
        return;
      }
      if (now.status === 200) return this.takeUp(now.body);
      return;
    }
    // (A bid's fate is followed on the bid itself; a driver cannot read a ride they do not hold.)
    if (this.phase.kind !== 'idle') return;
    const profile = await this.session.expect<{ engagedRideId: string | null }>('GET', `/api/drivers/user/${this.driverId}`);
    if (!profile.engagedRideId) return;
    const ride = await this.session.expect<RideAnswer>('GET', `/api/rides/${profile.engagedRideId}`);
    this.world.log(ride.id, this.name, `the server says this driver holds the ride (${ride.status}); taking it up`);
    await this.takeUp(ride);
  }

  /** Puts the driver in the phase the server's ride status calls for (read back after a lost answer). */
  private async takeUp(ride: RideAnswer): Promise<void> {
    const current = 'ride' in this.phase ? this.phase : null;
    if (ride.status === 'accepted' && current?.kind !== 'toPickup') {
      await this.headFor({ kind: 'toPickup', ride }, ride.pickupLocation);
    } else if (ride.status === 'arrived' && current?.kind !== 'atPickup') {
      this.phase = { kind: 'atPickup', ride, since: this.world.tick };
      this.mover.follow([]);
    } else if (ride.status === 'in_progress' && current?.kind !== 'toDropoff') {
      await this.headFor({ kind: 'toDropoff', ride }, ride.dropoffLocation);
    }
  }

  private async cruise(): Promise<void> {
    if (this.mover.arrived) {
      this.mover.follow(await roadRoute(this.mover.position, pointOnNetwork(this.network, this.world.random.next())));
    }
    this.mover.advance(this.world.options.stepMetres);
    await this.reportPosition();
  }

  /**
   * On some trips (`--long-stops`), once clear of the pickup and the dropoff, the driver pulls over
   * for longer than the server's unexpected-stop threshold, still reporting the same position: the
   * server's trip watcher notices and asks the rider if all is well. True while standing.
   */
  private async standForLongStop(phase: Extract<Phase, { kind: 'toDropoff' }>): Promise<boolean> {
    const stop = phase.longStop;
    if (stop === 'none' || stop === 'done') return false;
    if (stop === undefined) {
      const here = this.mover.position;
      const clear = [phase.ride.pickupLocation, phase.ride.dropoffLocation].every((place) => metresBetween(here, place) > LONG_STOP_CLEARANCE_METRES);
      if (!clear) return false;
      if (!this.world.random.chance(this.world.options.longStops)) {
        phase.longStop = 'none';
        return false;
      }
      phase.longStop = { untilTick: this.world.tick + this.world.ticksFor(LONG_STOP_MS) };
      this.world.log(phase.ride.id, this.name, `pulled over mid-trip for ${LONG_STOP_MS / 60_000} minutes (the rider should be asked if all is well)`);
    } else if (this.world.tick >= stop.untilTick) {
      phase.longStop = 'done';
      this.world.log(phase.ride.id, this.name, 'drives on after the long stop');
      return false;
    }
    await this.reportPosition();
    return true;
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
    this.phase = { kind: 'unanswered', ride, what: 'accept', body: { status: 'accepted' }, idempotencyKey: `sim-accept-${ride.id}`, since: this.world.tick };
    const answer = await this.send(this.phase);
    if (!answer) return;
    this.phase = { kind: 'idle' };
    if (answer.status !== 200) {
      this.world.log(ride.id, this.name, `could not take the ride (${refusalOf(answer)})`);
      return;
    }
    this.world.log(ride.id, this.name, `accepted the fixed-price ride at ${kwacha(answer.body.agreedFare)}; driving to ${ride.pickupLocation.address}`);
    await this.headFor({ kind: 'toPickup', ride: answer.body }, ride.pickupLocation);
  }

  private async bid(ride: RideAnswer): Promise<void> {
    const { random } = this.world;
    const asked = ride.offeredFare ?? ride.quote.total;
    const bidAmount = fareWithin(asked * (1 + random.next() * 0.2), ride.quote.floor, ride.quote.ceiling);
    const estimatedArrival = Math.max(1, Math.min(120, Math.round((ride.pickupDistanceKm ?? 2) * 2) + 1));
    const body = { rideId: ride.id, bidAmount, message: `${this.profile.fullName.split(' ')[0]} here, ${estimatedArrival} min away`, estimatedArrival };
    this.phase = { kind: 'unanswered', ride, what: 'bid', body, idempotencyKey: `sim-bid-${ride.id}`, since: this.world.tick };
    const answer = (await this.send(this.phase)) as Answer<BidAnswer> | null;
    if (!answer) return;
    this.phase = { kind: 'idle' };
    if (answer.status !== 201 && answer.status !== 200) {
      this.world.log(ride.id, this.name, `could not bid (${refusalOf(answer)})`);
      return;
    }
    this.world.log(ride.id, this.name, `bid ${kwacha(bidAmount)} (rider offers ${kwacha(asked)}), ${estimatedArrival} min away`);
    this.phase = { kind: 'bidding', rideId: ride.id, bidId: answer.body.id, since: this.world.tick };
  }

  /**
   * Sends an accept or a bid; null when no answer came (lost to a timeout, a reset connection, a
   * restart, or a 5xx): the phase stays `unanswered` and the next step sends the same request with
   * the same Idempotency-Key, so it is applied once whatever happened to the first.
   */
  private async send(phase: Extract<Phase, { kind: 'unanswered' }>): Promise<Answer | null> {
    const [method, path] = phase.what === 'accept' ? ['PATCH', `/api/rides/${phase.ride.id}`] : ['POST', '/api/bids'];
    let answer: Answer;
    try {
      answer = await this.session.call(method, path, phase.body, phase.idempotencyKey);
    } catch (error) {
      if (!answerLost(error)) throw error;
      this.world.log(phase.ride.id, this.name, `${phase.what} not answered (${error instanceof Error ? error.message : String(error)}); sending it again with the same key`);
      return null;
    }
    if (answer.status >= 500) {
      this.world.log(phase.ride.id, this.name, `${phase.what} not answered (${refusalOf(answer)}); sending it again with the same key`);
      return null;
    }
    return answer;
  }

  private async sendAgain(phase: Extract<Phase, { kind: 'unanswered' }>): Promise<void> {
    if (this.world.tick - phase.since > this.world.ticksFor(UNANSWERED_RETRY_MS)) {
      // Too long without an answer: back to cruising, and the state read back (the driver may hold the ride).
      this.phase = { kind: 'idle' };
      return this.recover();
    }
    const answer = await this.send(phase);
    if (!answer) return;
    this.phase = { kind: 'idle' };
    if (phase.what === 'accept') {
      if (answer.status !== 200) return this.world.log(phase.ride.id, this.name, `could not take the ride (${refusalOf(answer)})`);
      this.world.log(phase.ride.id, this.name, `accepted the fixed-price ride at ${kwacha(answer.body.agreedFare)} (answered on a retry); driving to ${phase.ride.pickupLocation.address}`);
      return this.headFor({ kind: 'toPickup', ride: answer.body }, phase.ride.pickupLocation);
    }
    if (answer.status !== 201 && answer.status !== 200) return this.world.log(phase.ride.id, this.name, `could not bid (${refusalOf(answer)})`);
    this.world.log(phase.ride.id, this.name, `bid placed (answered on a retry)`);
    this.phase = { kind: 'bidding', rideId: phase.ride.id, bidId: answer.body.id, since: this.world.tick };
  }

  private async followBid(phase: Extract<Phase, { kind: 'bidding' }>): Promise<void> {
    const { bids } = await this.session.expect<{ bids: BidAnswer[] }>('GET', `/api/bids/ride/${phase.rideId}`);
    const mine = bids.find((bid) => bid.id === phase.bidId);
    if (mine?.status === 'accepted') {
      const ride = await this.session.expect<RideAnswer>('GET', `/api/rides/${phase.rideId}`);
      this.world.log(phase.rideId, this.name, `bid accepted at ${kwacha(ride.agreedFare)}; driving to ${ride.pickupLocation.address}`);
      await this.headFor({ kind: 'toPickup', ride }, ride.pickupLocation);
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
    // The same key on a retry: a start whose answer was lost is not refused as a second start.
    const answer = await this.session.call('POST', `/api/rides/${ride.id}/start`, { pin }, `sim-start-${ride.id}`);
    if (answer.status >= 500) throw new ApiError('POST', 'start', answer.status, answer.body);
    if (answer.status !== 200) {
      // A PIN replaced since it was handed over: wait for the rider to show the new one.
      this.world.pins.delete(ride.id);
      this.world.log(ride.id, this.name, `PIN refused (${refusalOf(answer)})`);
      return;
    }
    this.world.pins.delete(ride.id);
    this.world.log(ride.id, this.name, `started the trip with the rider's PIN; driving to ${ride.dropoffLocation.address}`);
    await this.headFor({ kind: 'toDropoff', ride }, ride.dropoffLocation);
  }

  private async complete(phase: Extract<Phase, { kind: 'toDropoff' }>): Promise<void> {
    const { ride } = phase;
    const distanceKm = Math.round(this.mover.distanceMetres / 10) / 100;
    // Minutes as if driven at town speed (30 km/h), whatever the simulator's pace.
    const durationMinutes = Math.max(1, Math.round((distanceKm / 30) * 60));
    const done = await this.session.expect<RideAnswer>('POST', `/api/rides/${ride.id}/complete`, { distanceKm, durationMinutes }, `sim-complete-${ride.id}`);
    this.world.log(ride.id, this.name, `completed at ${ride.dropoffLocation.address}: ${distanceKm} km, fare ${kwacha(done.finalFare)}`);
    this.unsettled.set(ride.id, this.world.tick);
    const stars = this.world.random.chance(0.8) ? 5 : 4;
    await this.session.expect('POST', `/api/rides/${ride.id}/rate`, { stars }, `sim-rate-${ride.id}`);
    this.world.log(ride.id, this.name, `rated the rider ${stars}★`);
    this.phase = { kind: 'idle' };
    this.mover.follow([]);
  }

  /**
   * The rider paid the fare in cash at the dropoff: the driver confirms it once the payment has
   * been requested (a reactor does that a moment after completion); a rider who switched to cash
   * after a declined request is confirmed the same way.
   */
  private async confirmCash(): Promise<void> {
    if (this.unsettled.size === 0 || this.world.tick % POLL_EVERY_TICKS !== 0) return;
    for (const [rideId, since] of this.unsettled) {
      const { payment } = await this.session.expect<{ payment: { status: string; method: string } | null }>('GET', `/api/rides/${rideId}/payment`);
      if (payment?.method === 'cash' && payment.status === 'requested') {
        const answer = await this.session.call('POST', `/api/rides/${rideId}/payment/cash-collected`, undefined, `sim-cash-${rideId}`);
        if (answer.status === 200) {
          this.world.log(rideId, this.name, 'collected the fare in cash');
          this.unsettled.delete(rideId);
        } else this.world.log(rideId, this.name, `could not confirm the cash (${refusalOf(answer)})`);
      } else if (payment?.status === 'succeeded' || this.world.tick - since > SETTLE_WITHIN_TICKS) {
        this.unsettled.delete(rideId);
      }
    }
  }

  private async headFor(phase: Phase, destination: LatLng): Promise<void> {
    this.phase = phase;
    this.mover.follow(await roadRoute(this.mover.position, destination));
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
