import { assertEvent, assign, setup } from 'xstate';
import type { Party } from '../ride/values.js';
import type { RideMessageEvent } from './events.js';

export interface RideConversationContext {
  rideId: string | null;
  /** Who sent each message, in order (the texts are in the events; decisions need only this). */
  messages: Array<{ messageId: string; from: Party }>;
  /** How many messages each party has read, counted from the first. */
  readCount: Record<Party, number>;
}

const positionOf = (context: RideConversationContext, messageId: string) => context.messages.findIndex((message) => message.messageId === messageId);

/**
 * A ride's conversation (stream `rideMessages-<rideId>`): `silent` until the first message, then
 * `conversing`. Whether it is open (from the driver's assignment to the ride's end) is the
 * ride's status, which the decider is given; read marks only move forwards.
 */
export const rideConversationMachine = setup({
  types: {
    context: {} as RideConversationContext,
    events: {} as RideMessageEvent,
  },
  guards: {
    isNewMessage: ({ context, event }) => {
      assertEvent(event, 'RideMessageSent');
      return positionOf(context, event.data.messageId) === -1;
    },
    movesTheReadMarkForward: ({ context, event }) => {
      assertEvent(event, 'RideMessagesRead');
      return positionOf(context, event.data.upToMessageId) + 1 > context.readCount[event.data.by];
    },
  },
  actions: {
    recordMessage: assign(({ context, event }) => {
      assertEvent(event, 'RideMessageSent');
      const { rideId, messageId, from } = event.data;
      const messages = [...context.messages, { messageId, from }];
      // The sender has read their own message and everything before it.
      return { rideId, messages, readCount: { ...context.readCount, [from]: messages.length } };
    }),
    moveReadMark: assign(({ context, event }) => {
      assertEvent(event, 'RideMessagesRead');
      return { readCount: { ...context.readCount, [event.data.by]: positionOf(context, event.data.upToMessageId) + 1 } };
    }),
  },
}).createMachine({
  id: 'rideConversation',
  context: { rideId: null, messages: [], readCount: { rider: 0, driver: 0 } },
  initial: 'silent',
  states: {
    silent: {
      on: { RideMessageSent: { guard: 'isNewMessage', target: 'conversing', actions: 'recordMessage' } },
    },
    conversing: {
      on: {
        RideMessageSent: { guard: 'isNewMessage', actions: 'recordMessage' },
        RideMessagesRead: { guard: 'movesTheReadMarkForward', actions: 'moveReadMark' },
      },
    },
  },
});
