import type { SnapshotFrom } from 'xstate';
import { hasDriverAndIsOn, partyOnRide, type RideFacts } from '../ride/facts.js';
import type { Party } from '../ride/values.js';
import { assertNever, parseOrInvalid, type Actor } from '../shared/command.js';
import { DomainError, foldThrough, notAllowedInState, type DecideDeps, type Decider } from '../shared/index.js';
import { rideMessageCommandSchema, type ParsedRideMessageCommand, type RideMessageCommand } from './commands.js';
import type { RideMessageEvent } from './events.js';
import { rideConversationMachine } from './machine.js';
import { streamName } from '../streams.js';

export type RideConversationState = SnapshotFrom<typeof rideConversationMachine>;

export const rideMessagesStream = (rideId: string) => streamName('rideMessages', rideId);

/** Messages the party has not read yet (their own count as read). */
export const unreadCount = (state: RideConversationState, party: Party): number => state.context.messages.length - state.context.readCount[party];

/**
 * Only the rider and the assigned driver write, and only while the ride has a driver and is not
 * over: from assignment to completion or cancellation.
 */
export function decide(input: RideMessageCommand, state: RideConversationState, deps: DecideDeps): RideMessageEvent[] {
  const command = parseOrInvalid(rideMessageCommandSchema, input);
  const { rideId, ride } = command.data;
  const party = requireParty(command, ride);
  switch (command.type) {
    case 'SendRideMessage': {
      if (!hasDriverAndIsOn(ride)) throw notAllowedInState(command.type, `ride is ${ride.status}: messages open when a driver is assigned and close when the ride ends`);
      const event: RideMessageEvent = {
        type: 'RideMessageSent',
        data: { rideId, messageId: deps.newId(), from: party, senderUserId: command.actor.userId, text: command.data.text, sentAt: deps.now.toISOString() },
      };
      if (!state.can(event)) throw notAllowedInState(command.type, `message ${event.data.messageId} was already sent`);
      return [event];
    }
    case 'MarkRideMessagesRead': {
      const { upToMessageId } = command.data;
      if (!state.context.messages.some((message) => message.messageId === upToMessageId)) {
        throw new DomainError('not_found', `message ${upToMessageId} was not found on ride ${rideId}`, { messageId: upToMessageId });
      }
      const event: RideMessageEvent = { type: 'RideMessagesRead', data: { rideId, by: party, readerUserId: command.actor.userId, upToMessageId, readAt: deps.now.toISOString() } };
      return state.can(event) ? [event] : [];
    }
    default:
      return assertNever(command);
  }
}

function requireParty(command: ParsedRideMessageCommand, ride: RideFacts): Party {
  const party = partyOnRide(command.actor, ride);
  if (party !== null) return party;
  const { userId, role } = command.actor;
  throw new DomainError('forbidden', `${command.type} is not allowed for ${role} ${userId}: only the rider and the driver write to each other`, {
    command: command.type,
    userId,
    role,
  });
}

/**
 * Who may read a ride's messages: its rider and its driver, and an admin handling (or who
 * handled) an incident on that ride (domain/incident's `incidentHandlers`). The server enforces
 * it on every route and ws message that carries messages.
 */
export function mayReadRideMessages(actor: Actor, ride: Pick<RideFacts, 'riderUserId' | 'driverUserId'>, incidentHandlers: readonly string[]): boolean {
  if (partyOnRide(actor, ride) !== null) return true;
  return actor.role === 'admin' && incidentHandlers.includes(actor.userId);
}

export const rideMessagesDecider: Decider<RideConversationState, RideMessageCommand, RideMessageEvent> = {
  ...foldThrough(rideConversationMachine),
  decide,
};
