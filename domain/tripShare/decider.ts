import type { SnapshotFrom } from 'xstate';
import { partyOnRide, type RideFacts } from '../ride/facts.js';
import { assertNever, parseOrInvalid } from '../shared/command.js';
import { DomainError, foldThrough, notAllowedInState, type DecideDeps, type Decider } from '../shared/index.js';
import { tripShareCommandSchema, type ParsedTripShareCommand, type TripShareCommand, type TripShareCommandOf } from './commands.js';
import { TRIP_SHARE_GRACE_MINUTES, type TripShareEvent, type TripShareEventOf } from './events.js';
import { tripShareMachine, type ShareLink } from './machine.js';
import { streamName } from '../streams.js';

export type TripShareState = SnapshotFrom<typeof tripShareMachine>;

export const tripShareStream = (rideId: string) => streamName('tripShare', rideId);

const { initialState, evolve } = foldThrough(tripShareMachine);

export const activeShareLink = (state: TripShareState): ShareLink | null => state.context.links.find((link) => link.status === 'active') ?? null;

/**
 * The rider shares their own ride (start, revoke, choose to be followed from the start, notify
 * contacts); the platform turns sharing on and tells the contacts for an SOS or at trip start,
 * and expires the link after the ride. The driver takes no part: it is the rider's safety net.
 */
export function decide(input: TripShareCommand, state: TripShareState, deps: DecideDeps): TripShareEvent[] {
  const command = parseOrInvalid(tripShareCommandSchema, input);
  switch (command.type) {
    case 'StartTripShare': {
      requireRider(command, command.data.ride);
      requireRideOn(command, command.data.ride);
      if (activeShareLink(state) !== null) return [];
      return sequence(state, command, [started(command, 'rider_request', deps)]);
    }
    case 'RevokeTripShare': {
      requireRider(command, command.data.ride);
      const link = requireActive(state, command);
      return sequence(state, command, [
        { type: 'TripShareRevoked', data: { rideId: command.data.rideId, shareId: link.shareId, revokedByUserId: command.actor.userId, revokedAt: deps.now.toISOString() } },
      ]);
    }
    case 'ExpireTripShare':
      return expireTripShare(command, state, deps);
    case 'NotifyTrustedContacts':
      return notifyTrustedContacts(command, state, deps);
    case 'ChooseTripStartNotification': {
      requireRider(command, command.data.ride);
      const { ride } = command.data;
      if (ride.tripStartedAt !== null || ride.endedAt !== null) throw notAllowedInState(command.type, `ride is ${ride.status}: the trip has already started`);
      if (state.context.notifyAtTripStart) return [];
      return sequence(state, command, [
        { type: 'TripStartNotificationChosen', data: { rideId: command.data.rideId, chosenByUserId: command.actor.userId, chosenAt: deps.now.toISOString() } },
      ]);
    }
    default:
      return assertNever(command);
  }
}

function expireTripShare(command: TripShareCommandOf<'ExpireTripShare'>, state: TripShareState, deps: DecideDeps): TripShareEvent[] {
  requireSystem(command);
  const link = requireActive(state, command);
  const { endedAt, status } = command.data.ride;
  if (endedAt === null) throw notAllowedInState(command.type, `ride is ${status}`);
  const expiresAt = shareExpiresAt(endedAt);
  if (deps.now.getTime() < Date.parse(expiresAt)) throw notAllowedInState(command.type, `share link stays open until ${expiresAt}`);
  return sequence(state, command, [
    { type: 'TripShareExpired', data: { rideId: command.data.rideId, shareId: link.shareId, rideEndedAt: endedAt, expiredAt: deps.now.toISOString() } },
  ]);
}

/**
 * Once per ride the contacts get the link. Pressed by the rider, a second press or an empty list
 * is refused (the button reads "Contacts Notified", or is disabled without contacts). For an
 * SOS the platform turns sharing on in any case and tells the contacts if nobody has yet; at
 * trip start it tells them only if the rider chose so at booking.
 */
function notifyTrustedContacts(command: TripShareCommandOf<'NotifyTrustedContacts'>, state: TripShareState, deps: DecideDeps): TripShareEvent[] {
  const { rideId, ride, reason, contacts } = command.data;
  if (reason === 'rider_request') requireRider(command, ride);
  else requireSystem(command);
  requireRideOn(command, ride);
  if (reason === 'trip_start' && !state.context.notifyAtTripStart) return [];
  const byRider = reason === 'rider_request';
  if (byRider && state.context.contactsNotified !== null) throw notAllowedInState(command.type, 'contacts have already been notified');
  if (byRider && contacts.length === 0) throw notAllowedInState(command.type, 'rider has no trusted contacts');
  if (reason === 'trip_start' && (contacts.length === 0 || state.context.contactsNotified !== null)) return [];

  const active = activeShareLink(state);
  const events: TripShareEvent[] = active === null ? [started(command, byRider ? 'contacts_notified' : reason, deps)] : [];
  if (state.context.contactsNotified === null && contacts.length > 0) {
    const shareId = active?.shareId ?? command.data.shareId;
    events.push({ type: 'TrustedContactsNotified', data: { rideId, shareId, reason, contacts, notifiedAt: deps.now.toISOString() } });
  }
  return sequence(state, command, events);
}

function started(
  command: TripShareCommandOf<'StartTripShare' | 'NotifyTrustedContacts'>,
  reason: TripShareEventOf<'TripShareStarted'>['data']['reason'],
  deps: DecideDeps,
): TripShareEvent {
  const { rideId, shareId, tokenHash } = command.data;
  return { type: 'TripShareStarted', data: { rideId, shareId, tokenHash, startedByUserId: command.actor.userId, reason, startedAt: deps.now.toISOString() } };
}

/** The instant a ride's link stops opening: TRIP_SHARE_GRACE_MINUTES after the ride ended. */
export const shareExpiresAt = (rideEndedAt: string): string => new Date(Date.parse(rideEndedAt) + TRIP_SHARE_GRACE_MINUTES * 60_000).toISOString();

/** Every event must be one the state reached so far accepts (a start, then its notification). */
function sequence(state: TripShareState, command: ParsedTripShareCommand, events: TripShareEvent[]): TripShareEvent[] {
  let current = state;
  for (const event of events) {
    if (!current.can(event)) throw notAllowedInState(command.type, describeTripShareState(current));
    current = evolve(current, event);
  }
  return events;
}

function requireActive(state: TripShareState, command: ParsedTripShareCommand): ShareLink {
  const link = activeShareLink(state);
  if (link === null) throw notAllowedInState(command.type, describeTripShareState(state));
  return link;
}

function requireRideOn(command: ParsedTripShareCommand, ride: RideFacts): void {
  if (ride.endedAt !== null) throw notAllowedInState(command.type, `ride is ${ride.status}`);
}

function requireRider(command: ParsedTripShareCommand, ride: RideFacts): void {
  if (partyOnRide(command.actor, ride) !== 'rider') throw forbidden(command);
}

function requireSystem(command: ParsedTripShareCommand): void {
  if (command.actor.role !== 'system') throw forbidden(command);
}

function forbidden(command: ParsedTripShareCommand): DomainError {
  const { userId, role } = command.actor;
  return new DomainError('forbidden', `${command.type} is not allowed for ${role} ${userId} on this ride`, { command: command.type, userId, role });
}

export function describeTripShareState(state: TripShareState): string {
  if (state.matches('over')) return 'share link of the ride has expired';
  return activeShareLink(state) === null ? 'ride has no active share link' : 'ride is being shared';
}

export const tripShareDecider: Decider<TripShareState, TripShareCommand, TripShareEvent> = { initialState, evolve, decide };
