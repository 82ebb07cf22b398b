import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shareLinkAccess, tripShareStream } from '../../domain/tripShare/index.js';
import { as, expectRefusal, givenCompletedRide, givenPendingRide, givenRideInProgress, storedTypes, system, uniqueId, useRideTestBed } from '../../tests/support/rideFixtures.js';
import { completeTrip } from '../ride/index.js';
import { addTrustedContact } from '../trustedContacts/index.js';
import { createShareTokens, tripShareCommands } from './index.js';

const bed = useRideTestBed('tripshare');
const tokens = createShareTokens('test-secret-for-share-links-0123456789');
const sharing = tripShareCommands(tokens);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('share links', () => {
  it('the rider starts a link; the stored event holds the token’s hash, never the token', async () => {
    const ride = await givenRideInProgress(bed.services);
    const result = await sharing.startTripShare(bed.services, { rideId: ride.rideId }, as(ride.rider));
    const link = result.link!;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await bed.store.readStream(tripShareStream(ride.rideId));
    expect(stored).toMatchObject({ type: 'TripShareStarted', data: { shareId: link.shareId, tokenHash: sha256(link.token), startedByUserId: ride.rider.userId } });
    expect(JSON.stringify([stored!.data, stored!.metadata])).not.toContain(link.token);
    expect(shareLinkAccess(result.state, sha256(link.token), { endedAt: null }, bed.clock.now())).toBe('open');
  });

  it('asked again, the rider gets the same link; revoked, it closes', async () => {
    const ride = await givenRideInProgress(bed.services);
    const first = await sharing.startTripShare(bed.services, { rideId: ride.rideId }, as(ride.rider));
    const again = await sharing.startTripShare(bed.services, { rideId: ride.rideId }, as(ride.rider));
    expect(again.link).toEqual(first.link);
    const revoked = await sharing.revokeTripShare(bed.services, { rideId: ride.rideId }, as(ride.rider));
    expect(revoked.link).toBeNull();
    expect(shareLinkAccess(revoked.state, sha256(first.link!.token), { endedAt: null }, bed.clock.now())).toBe('closed');
  });

  it('the driver may not share the rider’s trip, nor may anyone share a ride that does not exist', async () => {
    const ride = await givenRideInProgress(bed.services);
    await expectRefusal(bed.store, [tripShareStream(ride.rideId)], () => sharing.startTripShare(bed.services, { rideId: ride.rideId }, as(ride.driver.actor)), 'forbidden');
    const rideId = uniqueId('ride');
    await expectRefusal(bed.store, [tripShareStream(rideId)], () => sharing.startTripShare(bed.services, { rideId }, as(ride.rider)), 'not_found');
  });

  it('the timer expires the link thirty minutes after the trip, not before', async () => {
    const ride = await givenRideInProgress(bed.services);
    await sharing.startTripShare(bed.services, { rideId: ride.rideId }, as(ride.rider));
    await completeTrip(bed.services, { rideId: ride.rideId }, as(ride.driver.actor));
    bed.clock.advance(29 * 60);
    await expectRefusal(bed.store, [tripShareStream(ride.rideId)], () => sharing.expireTripShare(bed.services, { rideId: ride.rideId }, as(system)), 'not_allowed_in_state', /open until/);
    bed.clock.advance(60);
    const expired = await sharing.expireTripShare(bed.services, { rideId: ride.rideId }, as(system));
    expect(expired.events.map((event) => event.type)).toEqual(['TripShareExpired']);
  });

  it('a finished ride cannot be shared any more', async () => {
    const ride = await givenCompletedRide(bed.services);
    await expectRefusal(bed.store, [tripShareStream(ride.rideId)], () => sharing.startTripShare(bed.services, { rideId: ride.rideId }, as(ride.rider)), 'not_allowed_in_state', /ride is completed/);
  });
});

describe('telling the trusted contacts', () => {
  it('Notify Contacts sends the rider’s list with a new link, once', async () => {
    const ride = await givenRideInProgress(bed.services);
    await addTrustedContact(bed.services, { riderId: ride.rider.userId, name: 'Mary Chanda', phone: '0971234567' }, as(ride.rider));
    const result = await sharing.notifyTrustedContacts(bed.services, { rideId: ride.rideId, reason: 'rider_request' }, as(ride.rider));
    expect(result.events.map((event) => event.type)).toEqual(['TripShareStarted', 'TrustedContactsNotified']);
    expect(result.events[1]).toMatchObject({ data: { shareId: result.link!.shareId, contacts: [{ name: 'Mary Chanda', phone: '+260971234567' }] } });
    await expectRefusal(
      bed.store,
      [tripShareStream(ride.rideId)],
      () => sharing.notifyTrustedContacts(bed.services, { rideId: ride.rideId, reason: 'rider_request' }, as(ride.rider)),
      'not_allowed_in_state',
      /already been notified/,
    );
  });

  it('for an SOS without contacts, sharing is still turned on', async () => {
    const ride = await givenRideInProgress(bed.services);
    const result = await sharing.notifyTrustedContacts(bed.services, { rideId: ride.rideId, reason: 'sos' }, as(system));
    expect(result.events.map((event) => event.type)).toEqual(['TripShareStarted']);
    expect(result.link).not.toBeNull();
  });

  it('at trip start, only when the rider chose it at booking', async () => {
    const pending = await givenPendingRide(bed.services);
    await addTrustedContact(bed.services, { riderId: pending.rider.userId, name: 'Mary Chanda', phone: '0971234567' }, as(pending.rider));
    await sharing.chooseTripStartNotification(bed.services, { rideId: pending.rideId }, as(pending.rider));
    const notified = await sharing.notifyTrustedContacts(bed.services, { rideId: pending.rideId, reason: 'trip_start' }, as(system));
    expect(notified.events.map((event) => event.type)).toEqual(['TripShareStarted', 'TrustedContactsNotified']);

    const other = await givenRideInProgress(bed.services);
    await addTrustedContact(bed.services, { riderId: other.rider.userId, name: 'Mary Chanda', phone: '0971234567' }, as(other.rider));
    const nothing = await sharing.notifyTrustedContacts(bed.services, { rideId: other.rideId, reason: 'trip_start' }, as(system));
    expect(nothing.events).toEqual([]);
    expect(await storedTypes(bed.store, tripShareStream(other.rideId))).toEqual([]);
  });
});

it('share tokens are unguessable without the secret, rebuilt with it, and refuse a short secret', () => {
  const other = createShareTokens('another-secret-for-share-links-987654321');
  expect(tokens.tokenFor('share-1')).toBe(tokens.tokenFor('share-1'));
  expect(tokens.tokenFor('share-1')).not.toBe(tokens.tokenFor('share-2'));
  expect(other.tokenFor('share-1')).not.toBe(tokens.tokenFor('share-1'));
  expect(tokens.hashOf('abc')).toBe(sha256('abc'));
  expect(() => createShareTokens('short')).toThrow(/at least 32/);
});
