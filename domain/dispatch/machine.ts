import { assign, setup, assertEvent } from 'xstate';
import type { DispatchEvent, RideOffer } from './events.js';

export interface DispatchContext {
  rideId: string | null;
  offers: RideOffer[];
}

/** searching → offered | unmatched. A ride's search is recorded once; both outcomes are final. */
export const dispatchMachine = setup({
  types: {
    context: {} as DispatchContext,
    events: {} as DispatchEvent,
  },
  actions: {
    recordOffers: assign(({ event }) => {
      assertEvent(event, 'RideOfferedToDrivers');
      return { rideId: event.data.rideId, offers: event.data.offers };
    }),
    recordNoMatch: assign(({ event }) => {
      assertEvent(event, 'NoDriversNearby');
      return { rideId: event.data.rideId, offers: [] };
    }),
  },
}).createMachine({
  id: 'dispatch',
  context: { rideId: null, offers: [] },
  initial: 'searching',
  states: {
    searching: {
      on: {
        RideOfferedToDrivers: { target: 'offered', actions: 'recordOffers' },
        NoDriversNearby: { target: 'unmatched', actions: 'recordNoMatch' },
      },
    },
    offered: { type: 'final' },
    unmatched: { type: 'final' },
  },
});

export const dispatchStatuses = ['searching', 'offered', 'unmatched'] as const;
export type DispatchStatus = (typeof dispatchStatuses)[number];
