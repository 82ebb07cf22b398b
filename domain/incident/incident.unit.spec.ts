import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { incidentDecider } from './decider.js';
import { parseIncidentEvent } from './events.js';
import {
  acknowledge,
  acknowledged,
  admin,
  alertAdded,
  at,
  closed,
  driverUser,
  first,
  inHand,
  open,
  otherAdmin,
  raise,
  raised,
  reAlert,
  reAlerted,
  resolve,
  resolved,
  rider,
  second,
  sos,
  staff,
  unansweredCheck,
} from '../../tests/support/fixtures/incident.js';
import { incidentHandlers, openIncidentStatus } from './status.js';

const spec = DeciderSpecification.for(incidentDecider);
const when = (seconds: number) => fixedDeps({ now: at(seconds) });

describe('RaiseIncident', () => {
  it('opens the ride’s first incident from an SOS press, due for a re-alert in a minute', () =>
    spec([]).when(raise(sos('evt-1')), when(0)).then([raised(sos('evt-1'))]));

  it('opens one from a ride check nobody answered', () =>
    spec([]).when(raise(unansweredCheck('check-1')), when(0)).then([raised(unansweredCheck('check-1'))]));

  it('adds a second press to the open incident, never a second incident', () => {
    spec(open).when(raise(sos('evt-2', 'driver', 10)), when(10)).then([alertAdded(sos('evt-2', 'driver', 10))]);
    spec(inHand).when(raise(unansweredCheck('check-1', 50)), when(50)).then([alertAdded(unansweredCheck('check-1', 50), first, 50)]);
  });

  it('records a press delivered twice once', () => {
    spec(open).when(raise(sos('evt-1')), when(5)).thenNothingHappened();
    spec([...open, alertAdded(sos('evt-2'))]).when(raise(sos('evt-2')), when(20)).thenNothingHappened();
  });

  it('opens a new incident after the last was resolved', () =>
    spec(closed).when(raise(sos('evt-9', 'rider', 400)), when(400)).then([raised(sos('evt-9', 'rider', 400), 2, 400)]));

  it.each([rider, driverUser, admin, staff])('is the platform’s: $userId ($role) is forbidden', (actor) =>
    spec([]).when(raise(sos('evt-1'), actor), when(0)).thenThrows('forbidden'));

  it('refuses a cause that is not one, naming the field', () =>
    spec([]).when({ ...raise(sos('evt-1')), data: { rideId: 'r', cause: { kind: 'rumour' } } } as never, when(0)).thenThrows('invalid', 'cause'));
});

describe('ReAlertIncident', () => {
  it('alerts the admins again a minute after the raise, and every minute after', () => {
    spec(open).when(reAlert(), when(60)).then([reAlerted(2, 60)]);
    spec([...open, reAlerted(2, 60)]).when(reAlert(), when(121)).then([reAlerted(3, 121)]);
  });

  it('is not due a second early', () => spec(open).when(reAlert(), when(59)).thenThrows('not_allowed_in_state', 'not due for a re-alert'));

  it('stops once an admin has acknowledged', () => spec(inHand).when(reAlert(), when(120)).thenThrows('not_allowed_in_state', 'is acknowledged'));

  it('does nothing for a resolved incident', () => spec(closed).when(reAlert(), when(360)).thenThrows('not_allowed_in_state', `incident ${first} is resolved`));

  it('is the timer’s alone', () => spec(open).when(reAlert(first, admin), when(60)).thenThrows('forbidden'));
});

describe('AcknowledgeIncident', () => {
  it('records the admin who took it in hand and how long it took', () => spec(open).when(acknowledge(), when(45)).then([acknowledged(45)]));

  it('is taken once: a second admin is told it is in hand', () =>
    spec(inHand).when(acknowledge(first, otherAdmin), when(50)).thenThrows('not_allowed_in_state', 'is acknowledged'));

  it.each([staff, rider, driverUser])('is for admins: $userId ($role) is forbidden', (actor) =>
    spec(open).when(acknowledge(first, actor), when(45)).thenThrows('forbidden'));

  it('refuses an incident that does not exist', () => {
    spec([]).when(acknowledge(), when(45)).thenThrows('not_found', `incident ${first} was not found`);
    spec(open).when(acknowledge(second), when(45)).thenThrows('not_found');
  });
});

describe('ResolveIncident', () => {
  it('closes the incident with an outcome and a note', () => spec(inHand).when(resolve(), when(300)).then([resolved(300)]));

  it('may be done by another admin than the one who acknowledged', () =>
    spec(inHand).when(resolve(first, 'false_alarm', 'Pressed by mistake', otherAdmin), when(300)).then([
      { type: 'IncidentResolved', data: { incidentId: first, rideId: 'ride-ndola-0007', outcome: 'false_alarm', note: 'Pressed by mistake', resolvedBy: otherAdmin.userId, resolvedAt: at(300).toISOString() } },
    ]));

  it('needs the incident to be acknowledged first', () => spec(open).when(resolve(), when(30)).thenThrows('not_allowed_in_state', 'awaits acknowledgement'));

  it('refuses a second resolution', () => spec(closed).when(resolve(), when(310)).thenThrows('not_allowed_in_state', 'is resolved (assisted)'));

  it('needs a note saying what happened and an outcome from the list', () => {
    spec(inHand).when(resolve(first, 'assisted', '   '), when(300)).thenThrows('invalid', 'note: must say what happened');
    spec(inHand).when(resolve(first, 'abducted' as never), when(300)).thenThrows('invalid', 'outcome');
    spec(inHand).when(resolve(first, 'other', 'x'.repeat(2_001)), when(300)).thenThrows('invalid', 'note');
  });

  it('is for admins', () => spec(inHand).when(resolve(first, 'assisted', 'fine', staff), when(300)).thenThrows('forbidden'));
});

describe('the incident record', () => {
  it('keeps the causes of the open incident and who handled incidents on the ride', () => {
    const history = [...open, alertAdded(sos('evt-2', 'driver')), reAlerted(2, 60), acknowledged(70, otherAdmin), resolved(300, admin)];
    for (const event of history) expect(parseIncidentEvent(event)).toEqual(event);
    const beforeResolution = fold(incidentDecider, history.slice(0, 4));
    expect(openIncidentStatus(beforeResolution)).toBe('acknowledged');
    expect(beforeResolution.context.open).toMatchObject({ alertCount: 2, causes: [{ party: 'rider' }, { party: 'driver' }], acknowledgedBy: otherAdmin.userId });
    const after = fold(incidentDecider, history);
    expect(openIncidentStatus(after)).toBeNull();
    expect(incidentHandlers(after)).toEqual([otherAdmin.userId, admin.userId]);
  });
});
