import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Actor } from '../shared/command.js';
import { DomainError, fold } from '../shared/index.js';
import { fixedDeps } from '../shared/spec.js';
import type { TripShareCommand } from './commands.js';
import { tripShareDecider, type TripShareState } from './decider.js';
import { parseTripShareEvent, type TripShareEvent } from './events.js';
import { contacts, driverUser, now, reactor, rideEnded, rideId, rideOn, rider } from '../../tests/support/fixtures/tripShare.js';
import { shareLinkAccess } from './publicView.js';

/**
 * Random sharing commands while the ride goes on and ends: one active link at most, contacts
 * told once and always with the active link, a revoked or expired link never opens again.
 */

const kinds = ['start', 'revoke', 'expire', 'notifyRider', 'notifySos', 'notifyTripStart', 'choose', 'endRide'] as const;
const step = fc.record({
  kind: fc.constantFrom(...kinds),
  advanceMinutes: fc.constantFrom(0, 1, 10, 31),
  stranger: fc.integer({ min: 0, max: 7 }),
  withContacts: fc.boolean(),
});

const hashOf = (n: number) => n.toString(16).padStart(64, '0');
const visible = (state: TripShareState) => JSON.parse(JSON.stringify({ value: state.value, context: state.context })) as unknown;
const reached = new Set<string>();

describe('trip sharing under random commands', () => {
  it('keeps its invariants', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25, size: 'max' }), (steps) => {
        let state = tripShareDecider.initialState();
        let nowMs = Date.parse(now);
        let endedAt: string | null = null;
        let issued = 0;
        const history: TripShareEvent[] = [];
        const deadHashes = new Set<string>();
        for (const { kind, advanceMinutes, stranger, withContacts } of steps) {
          nowMs += advanceMinutes * 60_000;
          if (kind === 'endRide') {
            endedAt ??= new Date(nowMs).toISOString();
            continue;
          }
          const ride = endedAt === null ? rideOn() : rideEnded(endedAt);
          issued += 1;
          const link = { shareId: `share-${issued}`, tokenHash: hashOf(issued) };
          const natural: Actor = ['expire', 'notifySos', 'notifyTripStart'].includes(kind) ? reactor : rider;
          const actor = stranger === 0 ? driverUser : natural;
          const people = withContacts ? contacts : [];
          const command: TripShareCommand =
            kind === 'start' ? { type: 'StartTripShare', actor, data: { rideId, ride, ...link } }
            : kind === 'revoke' ? { type: 'RevokeTripShare', actor, data: { rideId, ride } }
            : kind === 'expire' ? { type: 'ExpireTripShare', actor, data: { rideId, ride } }
            : kind === 'choose' ? { type: 'ChooseTripStartNotification', actor, data: { rideId, ride: { ...ride, tripStartedAt: null } } }
            : {
                type: 'NotifyTrustedContacts',
                actor,
                data: { rideId, ride, contacts: people, ...link, reason: kind === 'notifyRider' ? 'rider_request' : kind === 'notifySos' ? 'sos' : 'trip_start' },
              };
          const before = visible(state);
          let events: TripShareEvent[];
          try {
            events = tripShareDecider.decide(command, state, fixedDeps({ now: new Date(nowMs) }));
          } catch (error) {
            expect(error, String(error)).toBeInstanceOf(DomainError);
            expect(visible(state)).toEqual(before);
            continue;
          }
          for (const event of events) {
            expect(parseTripShareEvent(event)).toEqual(event);
            expect(state.can(event)).toBe(true);
            state = tripShareDecider.evolve(state, event);
            history.push(event);
            reached.add(event.type);
            if (event.type === 'TripShareRevoked' || event.type === 'TripShareExpired') deadHashes.add(state.context.links.find((l) => l.shareId === event.data.shareId)!.tokenHash);
            if (event.type === 'TrustedContactsNotified') {
              expect(state.context.links.find((l) => l.status === 'active')?.shareId, 'contacts get the active link').toBe(event.data.shareId);
            }
          }
          expect(state.context.links.filter((l) => l.status === 'active').length).toBeLessThanOrEqual(1);
          for (const hash of deadHashes) expect(shareLinkAccess(state, hash, { endedAt }, new Date(nowMs))).toBe('closed');
        }
        expect(history.filter((event) => event.type === 'TrustedContactsNotified').length).toBeLessThanOrEqual(1);
        expect(visible(fold(tripShareDecider, history))).toEqual(visible(state));
      }),
      { numRuns: 300 },
    );
  });

  afterAll(() => {
    for (const name of ['TripShareStarted', 'TripShareRevoked', 'TripShareExpired', 'TrustedContactsNotified', 'TripStartNotificationChosen']) {
      expect(reached, `no run reached ${name}`).toContain(name);
    }
  });
});
