import type { Bid } from '../../contract/bids.js';
import type { Ride } from '../../contract/rides.js';
import type { SimulationOptions } from './options.js';
import type { Random } from './random.js';

/** A ride answer (GET /api/rides/:id and the lists; the pending list adds the pickup distance) and a bid answer: the contract's shapes. */
export type RideAnswer = Ride & { pickupDistanceKm?: number | null };
export type BidAnswer = Bid;

export interface FinishedRide {
  rideId: string;
  vehicleType: string;
  pricingMethod: 'fixed' | 'bidding';
  acceptedBidId: string | null;
  finalFare: number | null;
}

/** What the simulated people share: the PINs riders hand over, the log, the count of finished rides. */
export class World {
  /** The rider "shows" the PIN to their driver: ride id → the 4 digits, never logged. */
  readonly pins = new Map<string, string>();
  readonly finished: FinishedRide[] = [];
  tick = 0;

  constructor(
    readonly options: SimulationOptions,
    readonly random: Random,
    private readonly write: (line: string) => void,
  ) {}

  /** One line per step: time, ride id (blank when none), who, what. */
  log(rideId: string | null, who: string, what: string): void {
    const time = new Date().toISOString().slice(11, 19);
    this.write(`${time}  ${(rideId ?? '').padEnd(36)}  ${who}: ${what}`);
  }

  /** A number of ticks lasting about this long (at least one). */
  ticksFor(ms: number): number {
    return Math.max(1, Math.ceil(ms / this.options.tickMs));
  }

  /** Called by a rider once their ride is completed and rated. */
  rideFinished(ride: FinishedRide): void {
    this.finished.push(ride);
  }

  get done(): boolean {
    return this.options.rides !== undefined && this.finished.length >= this.options.rides;
  }
}

/** ZMW as a rider reads it: K 34.50. */
export const kwacha = (amount: number | null | undefined): string => (amount === null || amount === undefined ? 'K ?' : `K ${amount.toFixed(2)}`);

/** Rounds a ZMW amount to the half kwacha, kept within [floor, ceiling]. */
export function fareWithin(amount: number, floor: number, ceiling: number): number {
  const halves = Math.round(amount * 2) / 2;
  return Math.min(ceiling, Math.max(floor, halves));
}
