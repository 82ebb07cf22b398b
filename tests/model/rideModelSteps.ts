import fc from 'fast-check';

/**
 * What the model test asks of the system: ride and bid commands by actors named relative to
 * the world (the ride's own rider, a driver by number, an admin…), resolved only when the step
 * runs, so shrinking keeps a failing sequence meaningful.
 */

export const SLOTS = 2;
/** Drivers 0–2 are verified, online car drivers; driver 3 is verified but offline. */
export const DRIVERS = 4;

export const actorRefs = [
  'natural',
  'riderA',
  'riderB',
  'stranger',
  'driver0',
  'driver1',
  'driver2',
  'driver3',
  'admin',
  'staff',
  'system',
] as const;
export type ActorRef = (typeof actorRefs)[number];

/** Multiples of the ride's quote: under the floor (0.3), within bounds, over the ceiling (3.5). */
const fractions = [0.3, 0.7, 1, 1.4, 2.9, 3.5] as const;

export type Step =
  | { kind: 'request'; slot: number; actor: ActorRef; pricing: 'fixed' | 'bidding'; fraction: number; scheduled: boolean }
  | { kind: 'counter' | 'placeBid'; slot: number; driver: number; actor: ActorRef; fraction: number }
  | { kind: 'withdrawBid' | 'expireBid' | 'acceptRide' | 'acceptBid'; slot: number; driver: number; actor: ActorRef }
  | {
      kind: 'dispatch' | 'declineAll' | 'arrive' | 'reissuePin' | 'complete' | 'cancel' | 'expire' | 'emergency';
      slot: number;
      actor: ActorRef;
    }
  | { kind: 'startTrip'; slot: number; actor: ActorRef; rightPin: boolean }
  | { kind: 'rate'; slot: number; actor: ActorRef; stars: number }
  /** The model's happy path: whatever the ride's natural next command is, by its natural actor. */
  | { kind: 'progress'; slot: number; driver: number; pricing: 'fixed' | 'bidding' }
  | { kind: 'advanceClock'; seconds: number }
  /** The release reactor's work (another module's): drivers of ended rides are freed. */
  | { kind: 'releaseEnded' };

export type StepKind = Step['kind'];

const slot = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: SLOTS - 1 }) });
const driver = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 2 }) }, { weight: 1, arbitrary: fc.constant(DRIVERS - 1) });
const actor = fc.oneof({ weight: 7, arbitrary: fc.constant<ActorRef>('natural') }, { weight: 3, arbitrary: fc.constantFrom(...actorRefs) });
const fraction = fc.constantFrom(...fractions);
const rarely = fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 4, arbitrary: fc.constant(false) });
const pricing = fc.constantFrom<'fixed' | 'bidding'>('fixed', 'bidding');

const onRide = <Kind extends string>(...kinds: Kind[]) => fc.record({ kind: fc.constantFrom(...kinds), slot, actor });
const withDriver = <Kind extends string>(...kinds: Kind[]) => fc.record({ kind: fc.constantFrom(...kinds), slot, driver, actor });

export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('progress' as const), slot, driver, pricing }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('request' as const), slot, actor, pricing, fraction, scheduled: rarely }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('counter' as const, 'placeBid' as const), slot, driver, actor, fraction }) },
  { weight: 3, arbitrary: withDriver('withdrawBid', 'expireBid', 'acceptRide', 'acceptBid') },
  { weight: 4, arbitrary: onRide('dispatch', 'declineAll', 'arrive', 'reissuePin', 'complete', 'cancel', 'expire', 'emergency') },
  { weight: 1, arbitrary: onRide('cancel') },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('startTrip' as const), slot, actor, rightPin: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rate' as const), slot, actor, stars: fc.integer({ min: 0, max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advanceClock' as const), seconds: fc.constantFrom(30, 130, 400, 700) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'releaseEnded' as const }) },
);
