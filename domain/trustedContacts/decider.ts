import type { SnapshotFrom } from 'xstate';
import { assertNever, parseOrInvalid } from '../shared/command.js';
import { DomainError, foldThrough, notAllowedInState, type DecideDeps, type Decider } from '../shared/index.js';
import { parseZambianMobile } from '../shared/phone.js';
import {
  trustedContactCommandSchema,
  type ParsedTrustedContactCommand,
  type TrustedContactCommand,
  type TrustedContactCommandOf,
} from './commands.js';
import type { TrustedContactEvent } from './events.js';
import { trustedContactsMachine } from './machine.js';
import { MAX_TRUSTED_CONTACTS, type TrustedContact } from './values.js';
import { streamName } from '../streams.js';

export type TrustedContactsState = SnapshotFrom<typeof trustedContactsMachine>;

export const trustedContactsStream = (riderUserId: string) => streamName('trustedContacts', riderUserId);

/** The contacts to tell, in the order the rider added them. */
export const trustedContactsOf = (state: TrustedContactsState): readonly TrustedContact[] => state.context.contacts;

/**
 * The rider keeps their own list: only the passenger whose list it is may change it (an admin
 * reads it while handling an incident, through the read side, and changes nothing).
 */
export function decide(input: TrustedContactCommand, state: TrustedContactsState, deps: DecideDeps): TrustedContactEvent[] {
  const command = parseOrInvalid(trustedContactCommandSchema, input);
  requireOwner(command);
  switch (command.type) {
    case 'AddTrustedContact':
      return addContact(command, state, deps);
    case 'UpdateTrustedContact': {
      const current = requireContact(state, command.data.contactId);
      const { riderId, contactId, name, phone, relationship } = command.data;
      if (current.name === name && current.phone === phone && current.relationship === relationship) return [];
      requireNumberFree(state, phone, contactId);
      return possible(state, command, { type: 'TrustedContactUpdated', data: { riderId, contactId, name, relationship, phone, updatedAt: deps.now.toISOString() } });
    }
    case 'RemoveTrustedContact': {
      requireContact(state, command.data.contactId);
      const { riderId, contactId } = command.data;
      return possible(state, command, { type: 'TrustedContactRemoved', data: { riderId, contactId, removedAt: deps.now.toISOString() } });
    }
    default:
      return assertNever(command);
  }
}

function addContact(command: TrustedContactCommandOf<'AddTrustedContact'>, state: TrustedContactsState, deps: DecideDeps): TrustedContactEvent[] {
  const { riderId, name, phone, relationship } = command.data;
  if (state.context.contacts.length >= MAX_TRUSTED_CONTACTS) {
    throw new DomainError('contact_limit_reached', `a rider keeps at most ${MAX_TRUSTED_CONTACTS} trusted contacts; remove one to add another`, {
      limit: MAX_TRUSTED_CONTACTS,
    });
  }
  requireNumberFree(state, phone, null);
  const event: TrustedContactEvent = {
    type: 'TrustedContactAdded',
    data: { riderId, contactId: deps.newId(), name, relationship, phone, addedAt: deps.now.toISOString() },
  };
  return possible(state, command, event);
}

function requireOwner(command: ParsedTrustedContactCommand): void {
  const { userId, role } = command.actor;
  if (role === 'passenger' && userId === command.data.riderId) return;
  throw new DomainError('forbidden', `${command.type} is not allowed for ${role} ${userId}: a rider keeps their own trusted contacts`, {
    command: command.type,
    userId,
    role,
  });
}

function requireContact(state: TrustedContactsState, contactId: string): TrustedContact {
  const contact = state.context.contacts.find((candidate) => candidate.contactId === contactId);
  if (contact === undefined) throw new DomainError('not_found', `trusted contact ${contactId} was not found`, { contactId });
  return contact;
}

function requireNumberFree(state: TrustedContactsState, phone: string, exceptContactId: string | null): void {
  const holder = state.context.contacts.find((contact) => contact.phone === phone && contact.contactId !== exceptContactId);
  if (holder === undefined) return;
  const national = parseZambianMobile(phone)?.national ?? phone;
  throw new DomainError('duplicate_contact', `phone: ${national} is already a trusted contact (${holder.name})`, {
    field: 'phone',
    contactId: holder.contactId,
  });
}

function possible(state: TrustedContactsState, command: ParsedTrustedContactCommand, event: TrustedContactEvent): TrustedContactEvent[] {
  if (!state.can(event)) throw notAllowedInState(command.type, `rider has ${state.context.contacts.length} trusted contacts`);
  return [event];
}

export const trustedContactsDecider: Decider<TrustedContactsState, TrustedContactCommand, TrustedContactEvent> = {
  ...foldThrough(trustedContactsMachine),
  decide,
};
