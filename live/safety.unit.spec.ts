import { describe, expect, it } from 'vitest';
import { incidentDeliveries, rideCheckDeliveries, rideMessageDeliveries } from './safety.js';

const at = '2026-12-01T08:00:00.000Z';
const people = { riderId: 'rider-1', driverUserId: 'driver-1', incidentHandlers: [] };

describe('who hears of the safety net', () => {
  it('an incident goes to every admin socket, with no one else named', () => {
    const [delivery] = incidentDeliveries(
      {
        type: 'IncidentRaised',
        data: {
          incidentId: 'ride-1_incident1',
          rideId: 'ride-1',
          number: 1,
          cause: { kind: 'sos', emergencyEventId: 'e1', party: 'rider', userId: 'rider-1', location: null, pressedAt: at },
          raisedAt: at,
          reAlertDueAt: at,
        },
      },
      at,
    );
    expect(delivery!.audience).toEqual({ kind: 'admins' });
    expect(delivery!.message).toMatchObject({ type: 'incident_alert', event: 'raised', status: 'raised', cause: 'sos' });
    expect(JSON.stringify(delivery!.message)).not.toContain('rider-1');
  });

  it('a message goes to the rider and the driver only, never to sockets merely watching the ride', () => {
    const [delivery] = rideMessageDeliveries(
      { type: 'RideMessageSent', data: { rideId: 'ride-1', messageId: 'm1', from: 'rider', senderUserId: 'rider-1', text: 'At the gate', sentAt: at } },
      people,
      at,
    );
    expect(delivery!.audience).toEqual({ kind: 'people', userIds: ['rider-1', 'driver-1'], watchersOf: null });
    expect(delivery!.message).toMatchObject({ type: 'ride_message', message: { text: 'At the gate', from: 'rider' } });
  });

  it('a message reaches the admins handling an incident on the ride as well, and no other admin', () => {
    const [delivery] = rideMessageDeliveries(
      { type: 'RideMessageSent', data: { rideId: 'ride-1', messageId: 'm2', from: 'driver', senderUserId: 'driver-1', text: 'Coming round', sentAt: at } },
      { ...people, incidentHandlers: ['admin-on-call'] },
      at,
    );
    expect(delivery!.audience).toEqual({ kind: 'people', userIds: ['rider-1', 'driver-1', 'admin-on-call'], watchersOf: null });
  });

  it('a ride check goes to the rider alone: the driver must not learn they are being asked about', () => {
    const [delivery] = rideCheckDeliveries(
      {
        type: 'RideCheckRaised',
        data: {
          rideId: 'ride-1',
          checkId: 'ride-1_check1',
          number: 1,
          riderUserId: 'rider-1',
          finding: { reason: 'unexpected_stop', since: at, location: { lat: -12.8, lng: 28.2 }, stoppedMinutes: 6 },
          raisedAt: at,
          answerDueBy: at,
        },
      },
      'rider-1',
      at,
    );
    expect(delivery!.audience).toEqual({ kind: 'people', userIds: ['rider-1'], watchersOf: null });
    expect(delivery!.message).toMatchObject({ type: 'ride_check', status: 'awaiting', reason: 'unexpected_stop' });
  });
});
