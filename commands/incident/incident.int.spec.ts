import { describe, expect, it } from 'vitest';
import { causeFromEmergency, incidentIdFor, incidentStream, openIncidentStatus, type IncidentCause } from '../../domain/incident/index.js';
import { rideStreamId, type RideEventOf } from '../../domain/ride/index.js';
import { admin, as, expectRefusal, givenRideInProgress, staff, storedTypes, system, useRideTestBed } from '../../tests/support/rideFixtures.js';
import { raiseEmergency } from '../ride/index.js';
import { toDomainEvent } from '../shared/services.js';
import { acknowledgeIncident, raiseIncident, reAlertIncident, resolveIncident } from './index.js';

const bed = useRideTestBed('incidents');
const kabwata = { lat: -12.8111, lng: 28.2203 };

/** Someone on the ride presses SOS; what the reactor will read: the stored EmergencyRaised and its id. */
async function pressSos(rideId: string, actor: Parameters<typeof as>[0]): Promise<IncidentCause> {
  await raiseEmergency(bed.services, { rideId, location: kabwata }, as(actor));
  const stored = (await bed.store.readStream(rideStreamId(rideId))).at(-1)!;
  return causeFromEmergency(toDomainEvent<RideEventOf<'EmergencyRaised'>>(stored), stored.id);
}

describe('an SOS becomes an incident', () => {
  it('the rider’s press opens the ride’s incident, in the audit trail with the position, by the platform', async () => {
    const ride = await givenRideInProgress(bed.services);
    const cause = await pressSos(ride.rideId, ride.rider);
    const result = await raiseIncident(bed.services, { rideId: ride.rideId, cause }, as(system));

    expect(result.events).toEqual([
      {
        type: 'IncidentRaised',
        data: {
          incidentId: incidentIdFor(ride.rideId, 1),
          rideId: ride.rideId,
          number: 1,
          cause: { kind: 'sos', emergencyEventId: cause.kind === 'sos' && cause.emergencyEventId, party: 'rider', userId: ride.rider.userId, location: kabwata, pressedAt: bed.clock.now().toISOString() },
          raisedAt: bed.clock.now().toISOString(),
          reAlertDueAt: new Date(bed.clock.now().getTime() + 60_000).toISOString(),
        },
      },
    ]);
    const [stored] = await bed.store.readStream(incidentStream(ride.rideId));
    expect(stored!.metadata).toMatchObject({ userId: system.userId, role: 'system', schemaVersion: 1 });
  });

  it('a press delivered twice is recorded once; the driver’s press is added to the open incident', async () => {
    const ride = await givenRideInProgress(bed.services);
    const riderPress = await pressSos(ride.rideId, ride.rider);
    await raiseIncident(bed.services, { rideId: ride.rideId, cause: riderPress }, as(system));
    const again = await raiseIncident(bed.services, { rideId: ride.rideId, cause: riderPress }, as(system));
    expect(again.events).toEqual([]);
    const driverPress = await pressSos(ride.rideId, ride.driver.actor);
    await raiseIncident(bed.services, { rideId: ride.rideId, cause: driverPress }, as(system));
    expect(await storedTypes(bed.store, incidentStream(ride.rideId))).toEqual(['IncidentRaised', 'IncidentAlertAdded']);
  });

  it('two presses racing each other open one incident, never two (the stream’s expected revision)', async () => {
    const ride = await givenRideInProgress(bed.services);
    const [first, second] = [await pressSos(ride.rideId, ride.rider), await pressSos(ride.rideId, ride.driver.actor)];
    await Promise.all([first, second].map((cause) => raiseIncident(bed.services, { rideId: ride.rideId, cause }, as(system))));
    expect((await storedTypes(bed.store, incidentStream(ride.rideId))).sort()).toEqual(['IncidentAlertAdded', 'IncidentRaised']);
  });

  it('a retried raise (same command id) appends once', async () => {
    const ride = await givenRideInProgress(bed.services);
    const cause = await pressSos(ride.rideId, ride.rider);
    const context = as(system);
    await raiseIncident(bed.services, { rideId: ride.rideId, cause }, context);
    const repeat = await raiseIncident(bed.services, { rideId: ride.rideId, cause }, context);
    expect(repeat.repeated).toBe(true);
    expect(await storedTypes(bed.store, incidentStream(ride.rideId))).toEqual(['IncidentRaised']);
  });

  it('the rider cannot raise an incident directly: it comes from the ride’s SOS', async () => {
    const ride = await givenRideInProgress(bed.services);
    const cause = await pressSos(ride.rideId, ride.rider);
    await expectRefusal(bed.store, [incidentStream(ride.rideId)], () => raiseIncident(bed.services, { rideId: ride.rideId, cause }, as(ride.rider)), 'forbidden');
  });
});

describe('admins take it in hand', () => {
  async function givenOpenIncident() {
    const ride = await givenRideInProgress(bed.services);
    const cause = await pressSos(ride.rideId, ride.rider);
    await raiseIncident(bed.services, { rideId: ride.rideId, cause }, as(system));
    return { ...ride, incidentId: incidentIdFor(ride.rideId, 1), incidents: incidentStream(ride.rideId) };
  }

  it('unacknowledged, it is re-alerted after a minute; acknowledged, the timer is refused', async () => {
    const incident = await givenOpenIncident();
    const ref = { rideId: incident.rideId, incidentId: incident.incidentId };
    await expectRefusal(bed.store, [incident.incidents], () => reAlertIncident(bed.services, ref, as(system)), 'not_allowed_in_state', /not due/);
    bed.clock.advance(60);
    const reAlert = await reAlertIncident(bed.services, ref, as(system));
    expect(reAlert.events[0]).toMatchObject({ type: 'IncidentReAlerted', data: { alertCount: 2 } });
    bed.clock.advance(15);
    const acknowledged = await acknowledgeIncident(bed.services, ref, as(admin));
    expect(acknowledged.events[0]).toMatchObject({ type: 'IncidentAcknowledged', data: { acknowledgedBy: admin.userId, secondsToAcknowledge: 75 } });
    bed.clock.advance(60);
    await expectRefusal(bed.store, [incident.incidents], () => reAlertIncident(bed.services, ref, as(system)), 'not_allowed_in_state', /is acknowledged/);
  });

  it('staff may not acknowledge; an admin resolves with an outcome, after which a new press opens a new incident', async () => {
    const incident = await givenOpenIncident();
    const ref = { rideId: incident.rideId, incidentId: incident.incidentId };
    await expectRefusal(bed.store, [incident.incidents], () => acknowledgeIncident(bed.services, ref, as(staff)), 'forbidden');
    await acknowledgeIncident(bed.services, ref, as(admin));
    await expectRefusal(bed.store, [incident.incidents], () => resolveIncident(bed.services, { ...ref, outcome: 'assisted', note: ' ' }, as(admin)), 'invalid', /note: must say what happened/);
    const resolved = await resolveIncident(bed.services, { ...ref, outcome: 'false_alarm', note: 'Pressed by mistake; rider confirmed by phone' }, as(admin));
    expect(openIncidentStatus(resolved.state)).toBeNull();

    const cause = await pressSos(incident.rideId, incident.rider);
    const next = await raiseIncident(bed.services, { rideId: incident.rideId, cause }, as(system));
    expect(next.events[0]).toMatchObject({ type: 'IncidentRaised', data: { number: 2, incidentId: incidentIdFor(incident.rideId, 2) } });
  });

  it('an incident that does not exist is not found', async () => {
    const ride = await givenRideInProgress(bed.services);
    const ref = { rideId: ride.rideId, incidentId: incidentIdFor(ride.rideId, 1) };
    await expectRefusal(bed.store, [incidentStream(ride.rideId)], () => acknowledgeIncident(bed.services, ref, as(admin)), 'not_found');
  });
});
