import type { DriverFacts } from '../../domain/ride/index.js';
import { driverDutyDecider, driverDutyStatus, driverStream } from '../../domain/driverDuty/index.js';
import {
  driverVerificationDecider,
  driverVerificationStatus,
  driverVerificationStream,
} from '../../domain/driverVerification/index.js';
import type { VerificationFact } from '../../domain/driverDuty/index.js';
import { fold } from '../../domain/shared/index.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { readForFold } from './readForFold.js';
import { toDomainEvent } from './services.js';

/** A stream folded through its lifecycle (from where its fold may resume), with the revision to append after. */
export async function loadState<State, Event>(
  store: EventStore,
  streamName: string,
  decider: { initialState(): State; evolve(state: State, event: Event): State; resumesAt?: readonly string[] },
): Promise<{ state: State; revision: bigint | undefined; exists: boolean }> {
  const recorded = await readForFold(store, streamName, decider.resumesAt);
  const state = fold(decider, recorded.map((event) => toDomainEvent(event) as Event));
  return { state, revision: recorded.at(-1)?.revision, exists: recorded.length > 0 };
}

/** What the driver's verification stream says, as the duty lifecycle takes it. */
export async function loadVerificationFact(store: EventStore, driverId: string): Promise<VerificationFact> {
  const { state } = await loadState(store, driverVerificationStream(driverId), driverVerificationDecider);
  const { userId, application } = state.context;
  return {
    status: driverVerificationStatus(state),
    userId,
    vehicleType: application?.vehicle.type ?? null,
  };
}

/**
 * Everything a ride decision needs to know about a driver, read from the driver's two streams.
 * `busy` means engaged on a ride other than `forRideId`.
 */
export async function loadDriverFacts(store: EventStore, driverId: string, forRideId?: string): Promise<DriverFacts> {
  const [verification, duty] = await Promise.all([
    loadVerificationFact(store, driverId),
    loadState(store, driverStream(driverId), driverDutyDecider),
  ]);
  const dutyStatus = driverDutyStatus(duty.state);
  const { currentRideId } = duty.state.context;
  return {
    driverId,
    userId: verification.userId ?? '',
    verified: verification.status === 'approved',
    online: dutyStatus !== 'offline',
    busy: dutyStatus === 'engaged' && currentRideId !== forRideId,
    vehicleType: verification.vehicleType ?? '',
  };
}
