import { rideDecider, rideStreamId, type RideEvent, type RideState } from '../../domain/ride/index.js';
import { fold } from '../../domain/shared/index.js';
import type { EventStore, RecordedEvent } from '../../platform/eventStore/port.js';
import { ownStream } from '../shared/handleCommand.js';
import { toDomainEvent } from '../shared/services.js';

export interface LoadedRide {
  state: RideState;
  recorded: RecordedEvent[];
}

/**
 * The ride as its stream tells it now (upcast and folded through the ride machine). `alreadyRead`,
 * the ride's whole stream as the caller has just read it (the API's party check), is folded
 * instead of reading the stream again (see HandleOptions.alreadyRead).
 */
export async function loadRide(store: EventStore, rideId: string, alreadyRead?: readonly RecordedEvent[]): Promise<LoadedRide> {
  const streamName = rideStreamId(rideId);
  const recorded = ownStream(alreadyRead, streamName) ?? (await store.readStream(streamName));
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
