import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptRide, requestRide } from '../../../commands/ride/index.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { sessionCookieFrom, type SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, copperbeltUniversity, kitweCentre, settled } from '../../../tests/support/fixtures/apiDrivers.js';

let bed: ApiTestBed;
let admin: SignedIn;
let otherAdmin: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  [admin, otherAdmin] = await Promise.all([bed.signIn('admin', { fullName: 'Grace Phiri' }), bed.signIn('admin')]);
});
afterAll(() => bed.close());

type Method = 'GET' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: { headers: { cookie: string } }, payload?: object) =>
  bed.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const auditOf = async (targetId: string) =>
  (await call('GET', `/api/admin/audit-log?targetId=${targetId}`, admin)).json().entries as Array<{
    action: string;
    actorUserId: string;
    changes: Record<string, unknown>;
  }>;

describe('GET /api/admin/users', () => {
  it('searches names, e-mails and phones, filters by type, and counts everyone', async () => {
    const [mutale] = await Promise.all([
      bed.signIn('passenger', { fullName: 'Mutale Zulu' }),
      bed.signIn('driver', { fullName: 'Kondwani Tembo' }),
    ]);
    await call('PATCH', `/api/admin/users/${mutale.user.id}`, admin, { phone: '0977 111 222' });

    const byName = (await call('GET', '/api/admin/users?search=mutale', admin)).json();
    expect(byName.users.map((user: { id: string }) => user.id)).toEqual([mutale.user.id]);
    expect(byName.users[0]).toMatchObject({
      name: 'Mutale Zulu',
      phone: '+260977111222',
      userType: 'passenger',
      language: 'en',
      isActive: true,
      mfaEnabled: true,
    });
    // A number typed the Zambian way finds the +260 one stored.
    expect((await call('GET', '/api/admin/users?search=0977111222', admin)).json().users.map((user: { id: string }) => user.id)).toEqual([
      mutale.user.id,
    ]);
    const drivers = (await call('GET', '/api/admin/users?type=driver', admin)).json();
    expect(drivers.users.every((user: { userType: string }) => user.userType === 'driver')).toBe(true);
    expect(drivers.counts).toMatchObject({ total: 4, admins: 2, passengers: 1, drivers: 1, active: 4 });

    expect((await call('GET', '/api/admin/users?type=robot', admin)).json().issues[0].field).toBe('querystring.type');
  });

  it('is for admins who passed their second factor only', async () => {
    expect((await call('GET', '/api/admin/users')).statusCode).toBe(401);
    const staff = await bed.signIn('staff');
    expect((await call('GET', '/api/admin/users', staff)).json()).toMatchObject({ code: 'forbidden_role' });
    const login = await bed.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: admin.email, password: admin.password },
    });
    const pending = { headers: { cookie: sessionCookieFrom(login)! } };
    expect((await call('GET', '/api/admin/users', pending)).json()).toMatchObject({ code: 'mfa_required' });
  });
});

describe('PATCH /api/admin/users/:userId', () => {
  it('edits a user and records who changed what', async () => {
    const user = await bed.signIn('passenger', { fullName: 'Chileshe Banda' });
    const edited = await call('PATCH', `/api/admin/users/${user.user.id}`, admin, {
      name: 'Chileshe M. Banda',
      language: 'bem',
      userType: 'driver',
    });
    expect(edited.json()).toMatchObject({ name: 'Chileshe M. Banda', language: 'bem', userType: 'driver' });
    expect(await auditOf(user.user.id)).toEqual([
      expect.objectContaining({
        action: 'user.updated',
        actorUserId: admin.user.id,
        changes: {
          name: { from: 'Chileshe Banda', to: 'Chileshe M. Banda' },
          userType: { from: 'passenger', to: 'driver' },
          language: { from: 'en', to: 'bem' },
        },
      }),
    ]);
  });

  it('deactivating ends the user’s sessions at once: their next request is a 401', async () => {
    const user = await bed.signIn('passenger');
    expect((await call('GET', '/api/auth/user', user)).statusCode).toBe(200);
    const off = await call('PATCH', `/api/admin/users/${user.user.id}`, admin, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await call('GET', '/api/auth/user', user)).statusCode).toBe(401);
    const login = await bed.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
    expect(login.json()).toMatchObject({ code: 'account_deactivated' });
    expect((await auditOf(user.user.id))[0]).toMatchObject({
      action: 'user.deactivated',
      changes: { isActive: { from: true, to: false }, sessionsEnded: 1 },
    });

    expect((await call('PATCH', `/api/admin/users/${user.user.id}`, admin, { isActive: true })).json()).toMatchObject({ isActive: true });
    expect((await auditOf(user.user.id))[0]).toMatchObject({ action: 'user.activated' });
  });

  it('takes a deactivated driver off duty, and refuses while they are on a ride', async () => {
    const free = await approvedDriver(bed, admin);
    expect((await call('PATCH', `/api/admin/users/${free.driverId}`, admin, { isActive: false })).statusCode).toBe(200);
    await settled(bed);
    expect((await call('GET', `/api/drivers/user/${free.driverId}`, admin)).json()).toMatchObject({ isOnline: false });

    const busy = await approvedDriver(bed, admin);
    const rider = await bed.signIn('passenger');
    const context = (who: SignedIn) => ({ commandId: randomUUID(), actor: { userId: who.user.id, role: who.user.userType } });
    const booking = {
      vehicleType: 'car' as const,
      pickup: { ...kitweCentre, address: 'Kitwe CBD' },
      dropoff: { ...copperbeltUniversity, address: 'CBU' },
      pricingMethod: 'fixed' as const,
      paymentMethod: 'cash' as const,
      passengerCount: 1,
    };
    const { rideId } = await requestRide(bed.commands, booking, context(rider));
    await acceptRide(bed.commands, { rideId, driverId: busy.driverId }, context(busy));
    await settled(bed);
    const refused = await call('PATCH', `/api/admin/users/${busy.driverId}`, admin, { isActive: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'driver_busy', rideId });
    expect((await call('GET', '/api/auth/user', busy)).statusCode).toBe(200);
  });

  it('refuses admins as targets, operator-only roles, bad fields, taken e-mails and unknown users', async () => {
    const user = await bed.signIn('passenger');
    expect((await call('PATCH', `/api/admin/users/${otherAdmin.user.id}`, admin, { isActive: false })).statusCode).toBe(403);
    const promote = await call('PATCH', `/api/admin/users/${user.user.id}`, admin, { userType: 'admin' });
    expect(promote.statusCode).toBe(400);
    expect(promote.json().issues[0].field).toBe('body.userType');
    expect((await call('PATCH', `/api/admin/users/${user.user.id}`, admin, { email: 'nope' })).json().issues[0]).toEqual({
      field: 'body.email',
      message: 'Invalid email address',
    });
    expect((await call('PATCH', `/api/admin/users/${user.user.id}`, admin, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/users/${user.user.id}`, admin, { email: admin.email })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/admin/users/${randomUUID()}`, admin, { name: 'Nobody Here' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/users/${user.user.id}`, user, { name: 'Self Promoted' })).statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/users/:userId', () => {
  it('deletes a non-admin account for good, ending its sessions, and records it', async () => {
    const user = await bed.signIn('passenger');
    await call('GET', '/api/payments/methods', user);
    expect((await call('DELETE', `/api/admin/users/${user.user.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', user)).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/users?search=${encodeURIComponent(user.email)}`, admin)).json().users).toEqual([]);
    expect((await auditOf(user.user.id))[0]).toMatchObject({
      action: 'user.deleted',
      actorUserId: admin.user.id,
      changes: { userType: 'passenger' },
    });
    expect((await call('DELETE', `/api/admin/users/${user.user.id}`, admin)).statusCode).toBe(404);
  });

  it('never deletes an admin', async () => {
    expect((await call('DELETE', `/api/admin/users/${otherAdmin.user.id}`, admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/auth/user', otherAdmin)).statusCode).toBe(200);
  });
});
