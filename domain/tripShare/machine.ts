import { assertEvent, assign, setup } from 'xstate';
import type { NotificationReason, TripShareEvent } from './events.js';

export interface ShareLink {
  shareId: string;
  tokenHash: string;
  startedAt: string;
  status: 'active' | 'revoked' | 'expired';
}

export interface TripShareContext {
  rideId: string | null;
  /** Every link of the ride, the active one (if any) last. */
  links: ShareLink[];
  contactsNotified: { reason: NotificationReason; at: string } | null;
  notifyAtTripStart: boolean;
}

const setStatus = (links: readonly ShareLink[], shareId: string, status: ShareLink['status']) =>
  links.map((link) => (link.shareId === shareId ? { ...link, status } : link));

const activeLink = (context: TripShareContext) => context.links.find((link) => link.status === 'active');

/**
 * A ride's sharing (stream `tripShare-<rideId>`): `off` or `sharing` (one active link), until the
 * link expires after the ride (`over`). A revoked link stays dead; the rider may start a new one.
 * Contacts are notified at most once per ride, always with the active link.
 */
export const tripShareMachine = setup({
  types: {
    context: {} as TripShareContext,
    events: {} as TripShareEvent,
  },
  guards: {
    isNewLink: ({ context, event }) => {
      assertEvent(event, 'TripShareStarted');
      return !context.links.some((link) => link.shareId === event.data.shareId || link.tokenHash === event.data.tokenHash);
    },
    concernsTheActiveLink: ({ context, event }) => {
      assertEvent(event, ['TripShareRevoked', 'TripShareExpired', 'TrustedContactsNotified']);
      return activeLink(context)?.shareId === event.data.shareId;
    },
    contactsNotYetNotified: ({ context, event }) => {
      assertEvent(event, 'TrustedContactsNotified');
      return context.contactsNotified === null && activeLink(context)?.shareId === event.data.shareId;
    },
    notYetChosen: ({ context }) => !context.notifyAtTripStart,
  },
  actions: {
    startLink: assign(({ context, event }) => {
      assertEvent(event, 'TripShareStarted');
      const { rideId, shareId, tokenHash, startedAt } = event.data;
      return { rideId, links: [...context.links, { shareId, tokenHash, startedAt, status: 'active' as const }] };
    }),
    revokeLink: assign(({ context, event }) => {
      assertEvent(event, 'TripShareRevoked');
      return { links: setStatus(context.links, event.data.shareId, 'revoked') };
    }),
    expireLink: assign(({ context, event }) => {
      assertEvent(event, 'TripShareExpired');
      return { links: setStatus(context.links, event.data.shareId, 'expired') };
    }),
    recordNotification: assign(({ event }) => {
      assertEvent(event, 'TrustedContactsNotified');
      return { contactsNotified: { reason: event.data.reason, at: event.data.notifiedAt } };
    }),
    recordChoice: assign(({ event }) => {
      assertEvent(event, 'TripStartNotificationChosen');
      return { rideId: event.data.rideId, notifyAtTripStart: true };
    }),
  },
}).createMachine({
  id: 'tripShare',
  context: { rideId: null, links: [], contactsNotified: null, notifyAtTripStart: false },
  initial: 'off',
  states: {
    off: {
      on: {
        TripShareStarted: { guard: 'isNewLink', target: 'sharing', actions: 'startLink' },
        TripStartNotificationChosen: { guard: 'notYetChosen', actions: 'recordChoice' },
      },
    },
    sharing: {
      on: {
        TripShareRevoked: { guard: 'concernsTheActiveLink', target: 'off', actions: 'revokeLink' },
        TripShareExpired: { guard: 'concernsTheActiveLink', target: 'over', actions: 'expireLink' },
        TrustedContactsNotified: { guard: 'contactsNotYetNotified', actions: 'recordNotification' },
        TripStartNotificationChosen: { guard: 'notYetChosen', actions: 'recordChoice' },
      },
    },
    /** The ride ended and its link expired: nothing is shared any more. */
    over: { type: 'final' },
  },
});
