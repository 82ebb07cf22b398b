import type { LatLng } from '../../domain/catalogue/index.js';
import type { SimulationOptions } from './options.js';
import type { Random } from './random.js';

/** The parts of a ride answer (GET /api/rides/:id and the lists) the simulated people act on. */
export interface RideAnswer {
  id: string;
  status: 'scheduled' | 'pending' | 'accepted' | 'arrived' | 'in_progress' | 'completed' | 'cancelled' | 'expired';
  city: string;
  vehicleType: string;
  pricingMethod: 'fixed' | 'bidding';
  pickupLocation: LatLng & { address: string };
  dropoffLocation: LatLng & { address: string };
  offeredFare: number | null;
  agreedFare: number | null;
  finalFare: number | null;
  acceptedBidId: string | null;
  quote: { total: number; floor: number; ceiling: number };
  driver: { fullName: string | null } | null;
  pin: { code: string | null; status: string } | null;
  pickupDistanceKm?: number | null;
}

export interface BidAnswer {
  id: string;
  rideId: string;
  driverId: string;
  bidAmount: number;
  status: 'placed' | 'accepted' | 'rejected' | 'withdrawn' | 'expired';
  bidder?: { firstName: string | null };
}

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
