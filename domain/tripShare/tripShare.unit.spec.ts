import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { activeShareLink, tripShareDecider } from './decider.js';
import { parseTripShareEvent, type TripShareEvent } from './events.js';
import {
  admin,
  chosen,
  contacts,
  driverUser,
  hashOne,
  hashTwo,
  minutesFrom,
  notified,
  notify,
  now,
  reactor,
  revoked,
  rideEnded,
  rideId,
  rideOn,
  rider,
  start,
  started,
} from '../../tests/support/fixtures/tripShare.js';

const spec = DeciderSpecification.for(tripShareDecider);
const at = (minutes: number) => fixedDeps({ now: minutesFrom(minutes) });

describe('StartTripShare', () => {
  it('starts a link for the rider, storing only its token’s hash', () => spec([]).when(start(), at(0)).then([started()]));

  it('keeps the active link when asked again', () => spec([started()]).when(start(rideOn(), rider, 'share-9', hashTwo), at(1)).thenNothingHappened());

  it('starts a new link after the rider revoked the last, never reusing a token', () => {
    spec([started(), revoked()]).when(start(rideOn(), rider, 'share-2', hashTwo), at(0)).then([started('share-2', hashTwo)]);
    spec([started(), revoked()]).when(start(rideOn(), rider, 'share-2', hashOne), at(0)).thenThrows('not_allowed_in_state');
  });

  it.each(['pending', 'accepted', 'arrived'] as const)('may start while the ride is %s', (status) =>
    spec([]).when(start(rideOn(status)), at(0)).then([started()]));

  it('refuses a ride that has ended', () => spec([]).when(start(rideEnded()), at(0)).thenThrows('not_allowed_in_state', 'ride is completed'));

  it.each([driverUser, admin, reactor, { userId: 'user-stranger', role: 'passenger' as const }])('is the rider’s: $userId ($role) is forbidden', (actor) =>
    spec([]).when(start(rideOn(), actor), at(0)).thenThrows('forbidden'));

  it('refuses a token hash that is not one', () => spec([]).when(start(rideOn(), rider, 'share-1', 'secret-token'), at(0)).thenThrows('invalid', 'tokenHash'));
});

describe('RevokeTripShare', () => {
  const revoke = (actor = rider) => ({ type: 'RevokeTripShare' as const, actor, data: { rideId, ride: rideOn() } });

  it('revokes the active link', () => spec([started()]).when(revoke(), at(0)).then([revoked()]));
  it('has nothing to revoke when nothing is shared', () => spec([started(), revoked()]).when(revoke(), at(0)).thenThrows('not_allowed_in_state', 'no active share link'));
  it('is the rider’s', () => spec([started()]).when(revoke(driverUser), at(0)).thenThrows('forbidden'));
});

describe('ExpireTripShare', () => {
  const expire = (ride = rideEnded(minutesFrom(0)), actor = reactor) => ({ type: 'ExpireTripShare' as const, actor, data: { rideId, ride } });

  it('expires the link thirty minutes after the ride ended, not a minute before', () => {
    spec([started()]).when(expire(), at(29)).thenThrows('not_allowed_in_state', `open until ${minutesFrom(30)}`);
    spec([started()])
      .when(expire(), at(30))
      .then([{ type: 'TripShareExpired', data: { rideId, shareId: 'share-1', rideEndedAt: minutesFrom(0), expiredAt: minutesFrom(30) } }]);
  });

  it('refuses a ride still on, a link already revoked, and anyone but the timer', () => {
    spec([started()]).when(expire(rideOn()), at(60)).thenThrows('not_allowed_in_state', 'ride is in_progress');
    spec([started(), revoked()]).when(expire(), at(60)).thenThrows('not_allowed_in_state');
    spec([started()]).when(expire(rideEnded(minutesFrom(0)), rider), at(60)).thenThrows('forbidden');
  });
});

describe('NotifyTrustedContacts', () => {
  it('pressed by the rider, turns sharing on and tells the contacts with the new link', () =>
    spec([]).when(notify('rider_request', rider), at(0)).then([started('share-2', hashTwo, 'contacts_notified'), notified('rider_request', 'share-2')]));

  it('sends the link already active', () => spec([started()]).when(notify('rider_request', rider), at(0)).then([notified('rider_request')]));

  it('refuses the rider a second time, or without contacts', () => {
    spec([started(), notified('rider_request')]).when(notify('rider_request', rider), at(1)).thenThrows('not_allowed_in_state', 'already been notified');
    spec([]).when(notify('rider_request', rider, []), at(0)).thenThrows('not_allowed_in_state', 'no trusted contacts');
  });

  it('for an SOS, turns sharing on and tells the contacts if nobody has', () => {
    spec([]).when(notify('sos', reactor), at(0)).then([started('share-2', hashTwo, 'sos', reactor), notified('sos', 'share-2')]);
    spec([started(), notified('rider_request')]).when(notify('sos', reactor), at(0)).thenNothingHappened();
    spec([started(), notified('rider_request'), revoked()]).when(notify('sos', reactor), at(0)).then([started('share-2', hashTwo, 'sos', reactor)]);
    spec([]).when(notify('sos', reactor, []), at(0)).then([started('share-2', hashTwo, 'sos', reactor)]);
  });

  it('at trip start, tells the contacts only if the rider chose so at booking', () => {
    spec([]).when(notify('trip_start', reactor), at(0)).thenNothingHappened();
    spec([chosen]).when(notify('trip_start', reactor), at(0)).then([started('share-2', hashTwo, 'trip_start', reactor), notified('trip_start', 'share-2')]);
    spec([chosen]).when(notify('trip_start', reactor, []), at(0)).thenNothingHappened();
  });

  it('is the rider’s to press and the platform’s otherwise', () => {
    spec([]).when(notify('rider_request', driverUser), at(0)).thenThrows('forbidden');
    spec([]).when(notify('sos', rider), at(0)).thenThrows('forbidden');
  });

  it('refuses a ride that has ended', () => spec([]).when(notify('rider_request', rider, contacts, rideEnded()), at(0)).thenThrows('not_allowed_in_state'));
});

describe('ChooseTripStartNotification', () => {
  const choose = (ride = rideOn('pending'), actor = rider) => ({ type: 'ChooseTripStartNotification' as const, actor, data: { rideId, ride } });

  it('records the rider’s choice at booking, once', () => {
    spec([]).when(choose(), at(-20)).then([chosen]);
    spec([chosen]).when(choose(), at(-19)).thenNothingHappened();
  });

  it('is too late once the trip has started', () => spec([]).when(choose(rideOn('in_progress')), at(0)).thenThrows('not_allowed_in_state', 'already started'));
  it('is the rider’s', () => spec([]).when(choose(rideOn('pending'), driverUser), at(0)).thenThrows('forbidden'));
});

it('every spec event is valid, and the active link is the latest started and not revoked', () => {
  const history: TripShareEvent[] = [chosen, started(), notified('rider_request'), revoked(), started('share-2', hashTwo)];
  for (const event of history) expect(parseTripShareEvent(event)).toEqual(event);
  const state = fold(tripShareDecider, history);
  expect(activeShareLink(state)).toEqual({ shareId: 'share-2', tokenHash: hashTwo, startedAt: now, status: 'active' });
  expect(state.context.links.map((link) => link.status)).toEqual(['revoked', 'active']);
});
