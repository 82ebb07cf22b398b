import { and, assertEvent, assign, setup } from 'xstate';
import type { TrustedContactEvent } from './events.js';
import { MAX_TRUSTED_CONTACTS, type TrustedContact } from './values.js';

export interface TrustedContactsContext {
  riderId: string | null;
  /** In the order they were added. */
  contacts: TrustedContact[];
}

const isListed = (context: TrustedContactsContext, contactId: string) => context.contacts.some((contact) => contact.contactId === contactId);

const pick = ({ contactId, name, relationship, phone }: TrustedContact): TrustedContact => ({ contactId, name, relationship, phone });

/**
 * A rider's trusted contacts (stream `trustedContacts-<riderUserId>`): `none`, `some`, or `full`
 * at MAX_TRUSTED_CONTACTS. A number is listed once; every contact is added, changed or removed
 * by its own event, so the audit trail says who was trusted when.
 */
export const trustedContactsMachine = setup({
  types: {
    context: {} as TrustedContactsContext,
    events: {} as TrustedContactEvent,
  },
  guards: {
    isNewContact: ({ context, event }) => !isListed(context, event.data.contactId),
    isListedContact: ({ context, event }) => isListed(context, event.data.contactId),
    numberIsNotListedByAnother: ({ context, event }) => {
      assertEvent(event, ['TrustedContactAdded', 'TrustedContactUpdated']);
      return !context.contacts.some((contact) => contact.phone === event.data.phone && contact.contactId !== event.data.contactId);
    },
    fillsTheList: ({ context }) => context.contacts.length + 1 === MAX_TRUSTED_CONTACTS,
    removesTheLast: ({ context }) => context.contacts.length === 1,
  },
  actions: {
    addContact: assign(({ context, event }) => {
      assertEvent(event, 'TrustedContactAdded');
      return { riderId: event.data.riderId, contacts: [...context.contacts, pick(event.data)] };
    }),
    updateContact: assign(({ context, event }) => {
      assertEvent(event, 'TrustedContactUpdated');
      return { contacts: context.contacts.map((contact) => (contact.contactId === event.data.contactId ? pick(event.data) : contact)) };
    }),
    removeContact: assign(({ context, event }) => {
      assertEvent(event, 'TrustedContactRemoved');
      return { contacts: context.contacts.filter((contact) => contact.contactId !== event.data.contactId) };
    }),
  },
}).createMachine({
  id: 'trustedContacts',
  context: { riderId: null, contacts: [] },
  initial: 'none',
  states: {
    none: {
      on: { TrustedContactAdded: { target: 'some', actions: 'addContact' } },
    },
    some: {
      on: {
        TrustedContactAdded: [
          { guard: and(['isNewContact', 'numberIsNotListedByAnother', 'fillsTheList']), target: 'full', actions: 'addContact' },
          { guard: and(['isNewContact', 'numberIsNotListedByAnother']), actions: 'addContact' },
        ],
        TrustedContactUpdated: { guard: and(['isListedContact', 'numberIsNotListedByAnother']), actions: 'updateContact' },
        TrustedContactRemoved: [
          { guard: and(['isListedContact', 'removesTheLast']), target: 'none', actions: 'removeContact' },
          { guard: 'isListedContact', actions: 'removeContact' },
        ],
      },
    },
    full: {
      on: {
        TrustedContactUpdated: { guard: and(['isListedContact', 'numberIsNotListedByAnother']), actions: 'updateContact' },
        TrustedContactRemoved: { guard: 'isListedContact', target: 'some', actions: 'removeContact' },
      },
    },
  },
});
