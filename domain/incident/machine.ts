import { and, assertEvent, assign, setup } from 'xstate';
import { causeKey, type IncidentCause, type IncidentEvent, type IncidentOutcome } from './events.js';

/** The minute: an SOS nobody has taken in hand after 60 s is announced to the admins again. */
export const INCIDENT_REALERT_AFTER_SECONDS = 60;

export interface OpenIncident {
  incidentId: string;
  number: number;
  raisedAt: string;
  /** The first cause, then every further press or check, in order. */
  causes: IncidentCause[];
  /** Alerts sent to admins so far, the first included. */
  alertCount: number;
  reAlertDueAt: string;
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
}

export interface ResolvedIncident {
  incidentId: string;
  outcome: IncidentOutcome;
  resolvedBy: string;
  resolvedAt: string;
}

export interface IncidentContext {
  rideId: string | null;
  open: OpenIncident | null;
  resolved: ResolvedIncident[];
  /** Every cause ever recorded on the ride (causeKey): a press delivered twice counts once. */
  causeKeys: string[];
  /** Admins who took charge of (acknowledged) or resolved an incident on this ride. */
  handlers: string[];
}

const withHandler = (handlers: readonly string[], userId: string) => (handlers.includes(userId) ? [...handlers] : [...handlers, userId]);

/**
 * A ride's incidents (stream `incident-<rideId>`), one after another: `quiet` while none is open;
 * `open.raised` until an admin acknowledges, re-alerting every minute; `open.acknowledged` until
 * an admin resolves it with an outcome. Every incident of a ride is in one stream, so "at most one
 * open per ride" is a rule of that stream alone, kept by its expected revision: two SOS presses
 * racing each other cannot both open one.
 */
export const incidentMachine = setup({
  types: {
    context: {} as IncidentContext,
    events: {} as IncidentEvent,
  },
  guards: {
    isNextIncidentOfTheRide: ({ context, event }) => {
      assertEvent(event, 'IncidentRaised');
      const sameRide = context.rideId === null || context.rideId === event.data.rideId;
      return sameRide && event.data.number === context.resolved.length + 1;
    },
    concernsTheOpenIncident: ({ context, event }) => context.open?.incidentId === event.data.incidentId,
    isDueForReAlert: ({ context, event }) => {
      assertEvent(event, 'IncidentReAlerted');
      return context.open !== null && Date.parse(event.data.reAlertedAt) >= Date.parse(context.open.reAlertDueAt);
    },
  },
  actions: {
    openIncident: assign(({ context, event }) => {
      assertEvent(event, 'IncidentRaised');
      const { rideId, incidentId, number, cause, raisedAt, reAlertDueAt } = event.data;
      const open: OpenIncident = { incidentId, number, raisedAt, causes: [cause], alertCount: 1, reAlertDueAt, acknowledgedBy: null, acknowledgedAt: null };
      return { rideId, open, causeKeys: [...context.causeKeys, causeKey(cause)] };
    }),
    addCause: assign(({ context, event }) => {
      assertEvent(event, 'IncidentAlertAdded');
      const open = context.open!;
      return { open: { ...open, causes: [...open.causes, event.data.cause] }, causeKeys: [...context.causeKeys, causeKey(event.data.cause)] };
    }),
    recordReAlert: assign(({ context, event }) => {
      assertEvent(event, 'IncidentReAlerted');
      return { open: { ...context.open!, alertCount: event.data.alertCount, reAlertDueAt: event.data.reAlertDueAt } };
    }),
    recordAcknowledgement: assign(({ context, event }) => {
      assertEvent(event, 'IncidentAcknowledged');
      const { acknowledgedBy, acknowledgedAt } = event.data;
      return { open: { ...context.open!, acknowledgedBy, acknowledgedAt }, handlers: withHandler(context.handlers, acknowledgedBy) };
    }),
    closeIncident: assign(({ context, event }) => {
      assertEvent(event, 'IncidentResolved');
      const { incidentId, outcome, resolvedBy, resolvedAt } = event.data;
      return { open: null, resolved: [...context.resolved, { incidentId, outcome, resolvedBy, resolvedAt }], handlers: withHandler(context.handlers, resolvedBy) };
    }),
  },
}).createMachine({
  id: 'incident',
  context: { rideId: null, open: null, resolved: [], causeKeys: [], handlers: [] },
  initial: 'quiet',
  states: {
    quiet: {
      on: { IncidentRaised: { guard: 'isNextIncidentOfTheRide', target: 'open', actions: 'openIncident' } },
    },
    open: {
      initial: 'raised',
      on: { IncidentAlertAdded: { guard: 'concernsTheOpenIncident', actions: 'addCause' } },
      states: {
        /** Nobody has taken it in hand yet: the admins are alerted again every minute. */
        raised: {
          on: {
            IncidentReAlerted: { guard: and(['concernsTheOpenIncident', 'isDueForReAlert']), actions: 'recordReAlert' },
            IncidentAcknowledged: { guard: 'concernsTheOpenIncident', target: 'acknowledged', actions: 'recordAcknowledgement' },
          },
        },
        acknowledged: {
          on: { IncidentResolved: { guard: 'concernsTheOpenIncident', target: '#incident.quiet', actions: 'closeIncident' } },
        },
      },
    },
  },
});
