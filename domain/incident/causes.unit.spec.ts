import { describe, expect, it } from 'vitest';
import type { RideEventOf } from '../ride/events.js';
import type { RideCheckEvent } from '../rideChecks/events.js';
import { causeFromEmergency, causeFromRideCheck } from './causes.js';
import { incidentCauseSchema } from './events.js';

const location = { lat: -12.8, lng: 28.2 };
const about = { rideId: 'ride-1', checkId: 'ride-1_check1', reason: 'route_deviation' as const, location };
const answered = (answer: 'safe' | 'minor_issue' | 'need_help'): RideCheckEvent => ({
  type: 'RideCheckAnswered',
  data: { ...about, answer, answeredByUserId: 'user-chanda', answeredAt: '2025-01-15T08:03:00.000Z' },
});

describe('what raises an incident', () => {
  it('an SOS press, with who pressed it, where and when', () => {
    const emergency: RideEventOf<'EmergencyRaised'> = {
      type: 'EmergencyRaised',
      data: { rideId: 'ride-1', raisedBy: 'driver', raisedByUserId: 'user-mwale', stage: 'in_progress', location, raisedAt: '2025-01-15T08:01:00.000Z' },
    };
    const cause = causeFromEmergency(emergency, 'evt-42');
    expect(cause).toEqual({ kind: 'sos', emergencyEventId: 'evt-42', party: 'driver', userId: 'user-mwale', location, pressedAt: '2025-01-15T08:01:00.000Z' });
    expect(incidentCauseSchema.parse(cause)).toEqual(cause);
  });

  it('a Need Help answer to a ride check', () =>
    expect(causeFromRideCheck(answered('need_help'))).toEqual({
      kind: 'ride_check',
      checkId: about.checkId,
      reason: 'route_deviation',
      answer: 'need_help',
      answeredByUserId: 'user-chanda',
      location,
      at: '2025-01-15T08:03:00.000Z',
    }));

  it('a ride check nobody answered', () =>
    expect(
      causeFromRideCheck({ type: 'RideCheckWentUnanswered', data: { ...about, answerDueBy: '2025-01-15T08:05:00.000Z', markedAt: '2025-01-15T08:05:01.000Z' } }),
    ).toMatchObject({ kind: 'ride_check', answer: 'unanswered', answeredByUserId: null, at: '2025-01-15T08:05:01.000Z' }));

  it.each(['safe', 'minor_issue'] as const)('not the answer %s', (answer) => expect(causeFromRideCheck(answered(answer))).toBeNull());
});
