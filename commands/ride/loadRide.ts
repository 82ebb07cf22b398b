import { rideDecider, rideStreamId, type RideEvent, type RideState } from '../../domain/ride/index.js';
import { fold } from '../../domain/shared/index.js';
import type { EventStore, RecordedEvent } from '../../platform/eventStore/port.js';
import { toDomainEvent } from '../shared/services.js';

export interface LoadedRide {
  state: RideState;
  recorded: RecordedEvent[];
}

/** The ride as its stream tells it now (upcast and folded through the ride machine). */
export async function loadRide(store: EventStore, rideId: string): Promise<LoadedRide> {
  const recorded = await store.readStream(rideStreamId(rideId));
  return {
    state: fold(
      rideDecider,
      recorded.map((event) => toDomainEvent<RideEvent>(event)),
    ),
    recorded,
  };
}

/** Whether this command already wrote to the stream (a retried request). */
export const alreadyApplied = (recorded: readonly RecordedEvent[], commandId: string): boolean =>
  recorded.some((event) => event.metadata.commandId === commandId);
