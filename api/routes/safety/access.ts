import { partyOnRide, type RideFacts } from '../../../domain/ride/index.js';
import type { Actor } from '../../../domain/shared/command.js';
import { DomainError } from '../../../domain/shared/index.js';
import { requireRideFacts } from '../../../commands/rideFacts/index.js';
import type { FastifyRequest } from 'fastify';
import type { EventStore } from '../../../platform/eventStore/port.js';
import { actingRoleOf, signedInUser } from '../../plugins/auth.js';
import { rideNotFound } from '../rides/rideSources.js';

/**
 * Who may touch a ride's safety features. A stranger (another rider, another driver, staff) gets
 * the 404 a made-up ride gets; the other party, doing what only one side may, gets a 403.
 */
export type SafetyParty = 'rider' | 'driver' | 'admin';

export async function rideForParty(store: EventStore, actor: Actor, rideId: string): Promise<{ ride: RideFacts; party: SafetyParty }> {
  const ride = await requireRideFacts(store, rideId).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === 'not_found' ? rideNotFound(rideId) : error;
  });
  if (actor.role === 'admin') return { ride, party: 'admin' };
  const party = partyOnRide(actor, ride);
  if (party === null) throw rideNotFound(rideId);
  return { ride, party };
}

export { incidentHandlersOf } from '../../../commands/incident/index.js';

export const onlyTheRider = (what: string) => new DomainError('forbidden', `Only the ride's rider may ${what}`, { field: 'rideId' });
export const notHandlingAnIncident = (what: string) =>
  new DomainError('forbidden', `Only an admin handling an incident on this ride may ${what}; acknowledge the incident first`, { field: 'rideId' });

/** The signed-in caller as the lifecycles name actors. */
export const actorOf = (request: FastifyRequest): Actor => {
  const user = signedInUser(request);
  return { userId: user.id, role: actingRoleOf(request) };
};
