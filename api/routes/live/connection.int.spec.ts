import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { sessionCookieFrom } from '../../../tests/support/accounts.js';
import { book, driverOf, LiveClient, listen } from '../../../tests/support/liveTestKit.js';

/** Who may open `/ws` and what a socket may send: the live channel's own rules, through a real ws client. */
describe('the live channel at /ws', () => {
  let bed: ApiTestBed;
  let url: string;

  beforeAll(async () => {
    // A quick heartbeat, so dead sockets and ended sessions are noticed within the test.
    bed = await startApiTestBed({ live: { heartbeatMs: 150 } });
    url = await listen(bed.app);
  });
  afterAll(() => bed.close());

  describe('given no signed-in session', () => {
    it('closes the socket with 4401 when there is no cookie at all', async () => {
      const client = await LiveClient.open(url);
      expect(await client.closed).toEqual({ code: 4401, reason: 'authentication required' });
    });

    it('closes the socket with 4401 for a cookie that names no session', async () => {
      const client = await LiveClient.open(url, 'tiyende_session=forged-or-expired');
      expect((await client.closed).code).toBe(4401);
    });

    it('closes the socket with 4403 while the second factor is still missing', async () => {
      const registered = await bed.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `pending-${Date.now()}@test.tiyende.app`, password: 'a long enough password 123', fullName: 'Pending Mfa', userType: 'passenger' },
      });
      expect(registered.statusCode).toBe(201);
      const client = await LiveClient.open(url, sessionCookieFrom(registered));
      expect(await client.closed).toEqual({ code: 4403, reason: 'two-factor authentication required' });
    });
  });

  describe('the join message', () => {
    it('joins the signed-in user, and refuses (then closes) a join that names someone else', async () => {
      const rider = await bed.signIn('passenger');
      const other = await bed.signIn('passenger');
      const client = await LiveClient.open(url, rider.cookie);
      expect(await client.join(rider.user.id)).toEqual({ type: 'joined', userId: rider.user.id, rideId: null });

      const impostor = await LiveClient.open(url, rider.cookie);
      expect(await impostor.join(other.user.id)).toMatchObject({ type: 'error', code: 'wrong_user', field: 'userId' });
      expect(await impostor.closed).toEqual({ code: 4403, reason: 'join names another user' });
    });

    it("lets the rider, the assigned driver and an admin follow a ride, and refuses everyone else's join with forbidden", async () => {
      const rider = await bed.signIn('passenger');
      const stranger = await bed.signIn('passenger');
      const admin = await bed.signIn('admin');
      const driver = await driverOf(bed);
      const rideId = await book(bed, rider);

      const riderSocket = await LiveClient.open(url, rider.cookie);
      expect(await riderSocket.join(rider.user.id, rideId)).toEqual({ type: 'joined', userId: rider.user.id, rideId });
      const adminSocket = await LiveClient.open(url, admin.cookie);
      expect(await adminSocket.join(admin.user.id, rideId)).toMatchObject({ type: 'joined', rideId });

      const strangerSocket = await LiveClient.open(url, stranger.cookie);
      expect(await strangerSocket.join(stranger.user.id, rideId)).toMatchObject({ type: 'error', code: 'forbidden', field: 'rideId' });
      // A driver not (yet) assigned to the ride is a stranger to it too.
      const driverSocket = await LiveClient.open(url, driver.person.cookie);
      expect(await driverSocket.join(driver.driverId, rideId)).toMatchObject({ type: 'error', code: 'forbidden' });
      expect(await strangerSocket.join(stranger.user.id, 'ride-that-does-not-exist')).toMatchObject({ code: 'forbidden' });

      // Refused, not cut off: the same sockets may still join as themselves.
      expect(await strangerSocket.join(stranger.user.id)).toMatchObject({ type: 'joined', rideId: null });
      expect(await driverSocket.join(driver.driverId)).toMatchObject({ type: 'joined' });
    });

    it('delivers nothing to a socket before it joins', async () => {
      const rider = await bed.signIn('passenger');
      const joinedEarly = await LiveClient.open(url, rider.cookie);
      await joinedEarly.join(rider.user.id);
      const joinedLate = await LiveClient.open(url, rider.cookie);

      const before = await book(bed, rider);
      // The hub has routed the booking once a joined socket of the same rider hears of it.
      await joinedEarly.waitFor((message) => message.type === 'ride_update' && message.rideId === before, 'the first booking');
      await joinedLate.join(rider.user.id);
      const after = await book(bed, rider);

      await joinedLate.waitFor((message) => message.type === 'ride_update' && message.rideId === after, 'the ride booked after joining');
      expect(joinedLate.ofType('ride_update', before)).toEqual([]);
    });
  });

  describe('what a client sends', () => {
    it('answers malformed, unknown, oversized and binary messages with an error, and stays usable', async () => {
      const rider = await bed.signIn('passenger');
      const client = await LiveClient.open(url, rider.cookie);

      expect(await client.replyTo(() => client.sendRaw('{not json'))).toMatchObject({ type: 'error', code: 'invalid_message', message: 'Not valid JSON' });
      expect(await client.replyTo(() => client.sendRaw('[1,2]'))).toMatchObject({ code: 'invalid_message', field: 'type' });
      expect(await client.replyTo(() => client.send({ type: 'dance' }))).toMatchObject({ code: 'unknown_type', field: 'type' });
      expect(await client.replyTo(() => client.send({ type: 'join' }))).toMatchObject({ code: 'invalid_message', field: 'userId' });
      expect(await client.replyTo(() => client.send({ type: 'join', userId: '   ' }))).toMatchObject({
        code: 'invalid_message',
        message: 'userId: must not be blank',
      });
      expect(await client.replyTo(() => client.send({ type: 'join', userId: rider.user.id, filler: 'x'.repeat(5_000) }))).toMatchObject({
        code: 'too_large',
      });
      expect(await client.replyTo(() => client.sendRaw(Buffer.from([1, 2, 3]), { binary: true }))).toMatchObject({ code: 'invalid_message' });

      expect(await client.replyTo(() => client.send({ type: 'ping' }))).toEqual({ type: 'pong' });
      expect(await client.join(rider.user.id)).toMatchObject({ type: 'joined' });
    });

    it('answers messages beyond the burst with rate_limited, refills over time, and closes a client that keeps flooding (1008)', async () => {
      const rider = await bed.signIn('passenger');
      const client = await LiveClient.open(url, rider.cookie);
      const pongs = () => client.ofType('pong').length;

      for (let index = 0; index < 25; index++) client.send({ type: 'ping' });
      await client.waitFor((message) => message.type === 'error', 'the rate limit');
      await vi.waitFor(() => expect(pongs()).toBe(20));
      // One error per burst, not one per refused message.
      expect(client.ofType('error')).toEqual([{ type: 'error', code: 'rate_limited', message: 'Too many messages: slow down' }]);

      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await client.replyTo(() => client.send({ type: 'ping' }))).toEqual({ type: 'pong' });

      for (let index = 0; index < 100; index++) client.send({ type: 'ping' });
      expect(await client.closed).toEqual({ code: 1008, reason: 'too many messages' });
    });
  });

  describe('the heartbeat', () => {
    it('drops a socket that stops answering pings', async () => {
      const rider = await bed.signIn('passenger');
      const before = bed.live.deliveries.deadConnectionsTerminated;
      const silent = await LiveClient.open(url, rider.cookie, { autoPong: false });
      const answering = await LiveClient.open(url, rider.cookie);

      expect((await silent.closed).code).toBe(1006);
      expect(bed.live.deliveries.deadConnectionsTerminated).toBeGreaterThan(before);
      expect(await answering.replyTo(() => answering.send({ type: 'ping' }))).toEqual({ type: 'pong' });
    });

    it('closes the socket with 4401 once the session has ended', async () => {
      const rider = await bed.signIn('passenger');
      const client = await LiveClient.open(url, rider.cookie);
      await client.join(rider.user.id);

      const signedOut = await bed.app.inject({ method: 'POST', url: '/api/auth/logout', headers: rider.headers });
      expect(signedOut.statusCode).toBeLessThan(300);
      expect(await client.closed).toEqual({ code: 4401, reason: 'session ended: sign in again' });
    });
  });
});
