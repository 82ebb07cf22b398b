import type { SnapshotFrom } from 'xstate';
import type { rideMachine } from './machine.js';
import type { RideWireStatus } from './values.js';

export type RideState = SnapshotFrom<typeof rideMachine>;

/** The machine's top-level states (arrived has sub-states for the PIN lock). */
export type RideStateName =
  | 'idle'
  | 'scheduled'
  | 'requested'
  | 'accepted'
  | 'arrived'
  | 'in_progress'
  | 'completed'
  | 'cancelled'
  | 'expired';

export function rideStateName(state: RideState): RideStateName {
  const value = state.value;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as RideStateName;
}

interface StatusView {
  status: RideWireStatus;
  /** The tracking screen's progress bar; null once the ride will not happen at all. */
  progress: 0 | 25 | 50 | 75 | 100 | null;
  /** i18n key of the tracking screen's banner text. */
  bannerKey: string;
  /** Human words for refusals: "… is not allowed while the ride is cancelled". */
  phrase: string;
}

const views: Record<Exclude<RideStateName, 'idle'>, StatusView> = {
  scheduled: { status: 'scheduled', progress: 0, bannerKey: 'ride.banner.scheduled', phrase: 'ride is scheduled' },
  requested: { status: 'pending', progress: 0, bannerKey: 'ride.banner.lookingForDriver', phrase: 'ride is pending' },
  accepted: { status: 'accepted', progress: 25, bannerKey: 'ride.banner.driverOnTheWay', phrase: 'ride is accepted' },
  arrived: { status: 'arrived', progress: 50, bannerKey: 'ride.banner.driverArrived', phrase: 'driver has arrived' },
  in_progress: { status: 'in_progress', progress: 75, bannerKey: 'ride.banner.tripInProgress', phrase: 'trip is in progress' },
  completed: { status: 'completed', progress: 100, bannerKey: 'ride.banner.tripCompleted', phrase: 'ride is completed' },
  cancelled: { status: 'cancelled', progress: null, bannerKey: 'ride.banner.cancelled', phrase: 'ride is cancelled' },
  expired: { status: 'expired', progress: null, bannerKey: 'ride.banner.expired', phrase: 'ride has expired' },
};

export interface RideStatus {
  status: RideWireStatus;
  progress: StatusView['progress'];
  bannerKey: string;
  /** The rider must reissue the PIN before the trip can start. */
  pinLocked: boolean;
  /** Someone on the ride pressed the emergency button; nothing resets it (spec §4 Emergency). */
  emergencyActive: boolean;
}

/** What the tracking screen shows; null while the ride has no events (not found). */
export function rideStatus(state: RideState): RideStatus | null {
  const name = rideStateName(state);
  if (name === 'idle') return null;
  const { status, progress, bannerKey } = views[name];
  return {
    status,
    progress,
    bannerKey,
    pinLocked: state.matches({ arrived: 'pinLocked' }),
    emergencyActive: state.context.emergencies > 0,
  };
}

/** Words for the state in refusal messages. */
export function describeRideState(state: RideState): string {
  const name = rideStateName(state);
  return name === 'idle' ? 'ride does not exist' : views[name].phrase;
}

/** The wire status a cancellation or emergency records as its stage. */
export function rideWireStatus(state: RideState): RideWireStatus | null {
  return rideStatus(state)?.status ?? null;
}
