import { rideFactsOf, type RideEvent, type RideFacts } from '../../domain/ride/index.js';
import { DomainError } from '../../domain/shared/index.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { loadRide } from '../ride/loadRide.js';
import { toDomainEvent } from '../shared/services.js';

/**
 * The ride as the safety lifecycles take it (trip sharing, messages, recordings): read from the
 * ride's stream just before deciding, as bids read the ride. Not found refuses the command.
 */
export async function requireRideFacts(store: EventStore, rideId: string): Promise<RideFacts> {
  const { recorded } = await loadRide(store, rideId);
  const facts = rideFactsOf(recorded.map((event) => toDomainEvent<RideEvent>(event)));
  if (facts === null) throw new DomainError('not_found', `ride ${rideId} was not found`, { rideId });
  return facts;
}
