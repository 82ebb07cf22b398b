import { knownPlaces, vehicleById, type KnownPlace, type VehicleId } from '../../domain/catalogue/index.js';
import { beforeTripStatuses, driverAssignedStatuses, isRideStatusIn } from '../../domain/ride/index.js';
import type { DemoRider } from '../demo/roster.js';
import { ApiError, answerLost, type Session } from './client.js';
import { metresBetween } from './roads.js';
import type { RideChecks } from '../../contract/safety.js';
import { fareWithin, kwacha, type BidAnswer, type RideAnswer, type World } from './world.js';

/** A booking sent but not answered yet (its answer may have been lost): sent again with the same key. */
interface Booking {
  body: Record<string, unknown> & { vehicleType: VehicleId; pricingMethod: 'fixed' | 'bidding' };
  idempotencyKey: string;
  route: string;
  since: number;
}

type Phase =
  | { kind: 'resting'; until: number }
  | { kind: 'booking'; booking: Booking }
  | { kind: 'waiting'; ride: RideAnswer; since: number }
  | { kind: 'weighingBids'; ride: RideAnswer; since: number; firstBidAt: number | null; countered: boolean }
  /** `status` and `since`: the ride's last status seen and since which tick (a driver that never comes is given up on). */
  | { kind: 'riding'; ride: RideAnswer; pinShown: boolean; status: string; since: number }

  | { kind: 'paying'; ride: RideAnswer; since: number; asked: boolean };

/** What riders book: cars mostly, and the courier services (a parcel, never a passenger, on a motorbike). */
const SERVICE_MIX: readonly VehicleId[] = ['car', 'car', 'car', 'car-xl', 'motorcycle', 'motorcycle', 'light-truck', 'assist', 'food-delivery'];
const WAIT_FOR_DRIVER_MS = 120_000;
/** During the trip the rider's app looks for ride checks every few ticks. */
const CHECKS_EVERY_TICKS = 3;
/** How long a rider waits for an assigned driver to reach the pickup before cancelling, as people do. */
const WAIT_FOR_PICKUP_MS = 600_000;
/** How long a booking whose answer keeps getting lost is sent again before the rider gives up on it. */
const BOOKING_RETRY_MS = 120_000;
/** After the first bid, how long to let others come in before choosing. */
const BIDS_GATHER_TICKS = 3;
const MIN_TRIP_METRES = 1_000;
/** How many ticks a rider waits for a payment to settle (the driver's cash confirmation, the request reaching the wallet) before moving on. */
const PAY_WITHIN_TICKS = 30;
/** What riders pay with: cash to the driver, or MTN Mobile Money approved on the sandbox wallet. */
const PAYMENT_MIX = ['cash', 'mtn_money', 'mtn_money'] as const;

interface PaymentAnswer {
  bookedMethod: string;
  payment: { status: string; method: string; amountNgwee: number; providerReference: string | null } | null;
}

/**
 * A demo rider: books a ride between two known places of their town (fixed price and bidding in
 * turn), weighs the bids (sometimes countering first) and accepts the cheapest, shows the driver
 * the PIN, rates the driver once the ride is completed, and pays: cash to the driver, or MTN Mobile
 * Money approved on the sandbox's development wallet as the phone would.
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
    for (const ride of rides.filter((candidate) => isRideStatusIn(beforeTripStatuses, candidate.status))) {
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
      case 'booking':
        return this.sendBooking(phase.booking);
      case 'waiting':
        return this.waitForDriver(phase);
      case 'weighingBids':
        return this.weighBids(phase);
      case 'riding':
        return this.ride(phase);
      case 'paying':
        return this.pay(phase);
    }
  }

  /** Leaving: a ride still waiting for its driver, or for its trip to start, is cancelled. */
  async stop(): Promise<void> {
    if (this.phase.kind === 'booking') await this.sendBooking(this.phase.booking).catch(() => undefined);
    if (this.phase.kind === 'resting' || this.phase.kind === 'booking') return;
    const { ride } = this.phase;
    const now = await this.session.call<RideAnswer>('GET', `/api/rides/${ride.id}`).catch(() => undefined);
    if (now && isRideStatusIn(beforeTripStatuses, now.body?.status ?? '')) {
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
      paymentMethod: random.pick(PAYMENT_MIX),
      ...(load.kind === 'package' ? { packageSize: load.sizes[0] } : { passengerCount: random.between(1, Math.min(3, load.maxPassengers)) }),
    };
    this.booked += 1;
    const booking: Booking = {
      body: body as Booking['body'],
      idempotencyKey: `sim-${this.world.options.seed}-${this.index}-${this.booked}-${random.between(0, 1e9)}`,
      route: `${pickup.name} → ${dropoff.name}`,
      since: this.world.tick,
    };
    this.phase = { kind: 'booking', booking };
    await this.sendBooking(booking);
  }

  /**
   * Sends the booking. Its answer lost (a timeout, a reset connection, a server restarting, a 5xx),
   * the phase stays `booking` and the next step sends the very same request with the same
   * Idempotency-Key: the server books the ride once however many times it was sent. A refusal
   * (4xx) is final.
   */
  private async sendBooking(booking: Booking): Promise<void> {
    let ride: RideAnswer;
    try {
      ride = await this.session.expect<RideAnswer>('POST', '/api/rides', booking.body, booking.idempotencyKey);
    } catch (error) {
      if (answerLost(error) && this.world.tick - booking.since <= this.world.ticksFor(BOOKING_RETRY_MS)) {
        this.world.log(null, this.name, `booking not answered (${error instanceof Error ? error.message : String(error)}); sending it again with the same key`);
        return;
      }
      this.world.log(null, this.name, `booking refused: ${error instanceof ApiError ? error.message : 'no answer for too long'}`);
      this.rest();
      return;
    }
    const { vehicleType, pricingMethod } = booking.body;
    const price = pricingMethod === 'bidding' ? `bidding, offers ${kwacha(ride.offeredFare)}` : `fixed price ${kwacha(ride.quote.total)}`;
    this.world.log(ride.id, this.name, `requested ${vehicleById(vehicleType).name}, ${price}: ${booking.route}`);
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
    this.phase = { kind: 'riding', ride: accepted, pinShown: false, status: accepted.status, since: this.world.tick };
  }

  private async giveUpAfterWaiting(ride: RideAnswer, since: number): Promise<void> {
    if (this.world.tick - since <= this.world.ticksFor(WAIT_FOR_DRIVER_MS)) return;
    await this.session.expect('POST', `/api/rides/${ride.id}/cancel`, { reason: 'No driver came in time' }, `sim-cancel-${ride.id}`);
    this.world.log(ride.id, this.name, 'cancelled: no driver came in time');
    this.rest();
  }

  /** The search is over: a driver came (ride on), or the ride ended without one. */
  private afterSearch(ride: RideAnswer): void {
    if (isRideStatusIn(driverAssignedStatuses, ride.status)) {
      this.world.log(ride.id, this.name, `driver assigned: ${ride.driver?.fullName ?? 'a driver'}`);
      this.phase = { kind: 'riding', ride, pinShown: false, status: ride.status, since: this.world.tick };
      return;
    }
    this.world.log(ride.id, this.name, `ride ${ride.status}`);
    this.rest();
  }

  private async ride(phase: Extract<Phase, { kind: 'riding' }>): Promise<void> {
    const ride = await this.session.expect<RideAnswer>('GET', `/api/rides/${phase.ride.id}`);
    if (ride.status !== phase.status) {
      phase.status = ride.status;
      phase.since = this.world.tick;
    }
    if (ride.status === 'accepted' && this.world.tick - phase.since > this.world.ticksFor(WAIT_FOR_PICKUP_MS)) {
      // The driver never came: cancel, as a rider standing at the roadside would.
      await this.session.expect('POST', `/api/rides/${ride.id}/cancel`, { reason: 'The driver did not come' }, `sim-cancel-${ride.id}`);
      this.world.log(ride.id, this.name, 'cancelled: the driver did not come');
      this.rest();
      return;
    }
    if (ride.status === 'arrived' && ride.pin?.code) {
      // At the pickup the rider reads the PIN off their screen and shows it to the driver; the log never holds it.
      this.world.pins.set(ride.id, ride.pin.code);
      if (!phase.pinShown) this.world.log(ride.id, this.name, 'met the driver and showed the PIN');
      phase.pinShown = true;
      return;
    }
    if (ride.status === 'in_progress' && this.world.tick % CHECKS_EVERY_TICKS === 0) {
      await this.answerRideChecks(ride.id);
      return;
    }
    if (ride.status === 'completed') {
      const stars = this.world.random.chance(0.7) ? 5 : 4;
      await this.session.expect('POST', `/api/rides/${ride.id}/rate`, { stars, comment: stars === 5 ? 'Smooth ride, thank you' : null }, `sim-rate-${ride.id}`);
      this.world.log(ride.id, this.name, `rated the driver ${stars}★ (fare ${kwacha(ride.finalFare)}, ${ride.paymentMethod === 'cash' ? 'cash' : 'mobile money'})`);
      this.phase = { kind: 'paying', ride, since: this.world.tick, asked: false };
      return;
    }
    if (ride.status === 'cancelled' || ride.status === 'expired') {
      this.world.log(ride.id, this.name, `ride ${ride.status}`);
      this.rest();
    }
  }

  /**
   * A ride check (the server noticed a long stop, a detour or a late trip) is answered as most
   * riders would: all is well, now and then a minor issue. Never "need help": that is the SOS's
   * path, and the simulator raises no false alarms.
   */
  private async answerRideChecks(rideId: string): Promise<void> {
    const { checks } = await this.session.expect<RideChecks>('GET', `/api/rides/${rideId}/checks`);
    for (const check of checks) {
      const answer = this.world.random.chance(0.85) ? 'safe' : 'minor_issue';
      await this.session.expect('POST', `/api/rides/${rideId}/checks/${encodeURIComponent(check.checkId)}/answer`, { answer }, `sim-check-${check.checkId}`);
      this.world.log(rideId, this.name, `asked if all is well (${check.reason.replaceAll('_', ' ')}): answered ${answer.replace('_', ' ')}`);
    }
  }

  /**
   * After the trip: mobile money is approved on the sandbox's development wallet, as the rider's
   * phone would (asked from the ride's page first when the platform had no number to ask); cash
   * waits for the driver's confirmation; a declined or expired request is paid in cash instead.
   */
  private async pay(phase: Extract<Phase, { kind: 'paying' }>): Promise<void> {
    const rideId = phase.ride.id;
    const { payment } = await this.session.expect<PaymentAnswer>('GET', `/api/rides/${rideId}/payment`);
    const tooLong = this.world.tick - phase.since > PAY_WITHIN_TICKS;
    if (payment === null) {
      if (phase.ride.paymentMethod !== 'cash' && !phase.asked && this.world.tick - phase.since >= 2) {
        // No number the platform could ask: the rider pays from the ride's page with their MTN number.
        phase.asked = true;
        await this.session.expect('POST', `/api/rides/${rideId}/payment`, { method: 'mtn_money', phoneNumber: this.mtnNumber() }, `sim-pay-${rideId}`);
        this.world.log(rideId, this.name, 'asked to pay by MTN Mobile Money');
      } else if (tooLong) this.gaveUpPaying(rideId, 'no payment was requested');
      return;
    }
    switch (payment.status) {
      case 'succeeded':
        this.world.log(rideId, this.name, `paid ${kwacha(payment.amountNgwee / 100)} (${payment.method === 'cash' ? 'cash, confirmed by the driver' : 'mobile money'})`);
        return this.finish(phase.ride);
      case 'requested':
      case 'awaitingApproval': {
        if (payment.method === 'cash') return tooLong ? this.gaveUpPaying(rideId, 'the driver has not confirmed the cash') : undefined;
        const wallet = await this.session.call<{ requests: Array<{ reference: string; rideId: string }> }>('GET', '/api/dev/payments/sandbox');
        if (wallet.status === 404) return this.gaveUpPaying(rideId, 'no sandbox wallet: a real provider asks the phone');
        const request = wallet.body?.requests.find((candidate) => candidate.rideId === rideId);
        if (request) {
          const approved = await this.session.call('POST', `/api/dev/payments/sandbox/${request.reference}/approve`);
          if (approved.status === 200) this.world.log(rideId, this.name, 'approved the mobile-money request on the sandbox wallet');
        } else if (tooLong) this.gaveUpPaying(rideId, 'the request never reached the wallet');
        return;
      }
      case 'failed':
      case 'expired':
        await this.session.expect('POST', `/api/rides/${rideId}/payment`, { method: 'cash' }, `sim-pay-cash-${rideId}`);
        this.world.log(rideId, this.name, `mobile money ${payment.status}: paying cash instead`);
        phase.ride = { ...phase.ride, paymentMethod: 'cash' };
        return;
      default:
        return this.finish(phase.ride);
    }
  }

  private gaveUpPaying(rideId: string, why: string): void {
    this.world.log(rideId, this.name, `left the payment (${why})`);
    this.finish((this.phase as Extract<Phase, { kind: 'paying' }>).ride);
  }

  /** The ride is over for this rider: completed, rated both ways, and paid (or left to be paid). */
  private finish(ride: RideAnswer): void {
    this.world.rideFinished({
      rideId: ride.id,
      vehicleType: ride.vehicleType,
      pricingMethod: ride.pricingMethod,
      acceptedBidId: ride.acceptedBidId,
      finalFare: ride.finalFare,
    });
    this.rest();
  }

  /** A made-up MTN number per simulated rider (096 000 02xx), never anyone's. */
  private mtnNumber(): string {
    return `09600002${String(this.index % 100).padStart(2, '0')}`;
  }

  private rest(): void {
    this.phase = { kind: 'resting', until: this.world.tick + this.world.random.between(2, 6) };
  }
}
