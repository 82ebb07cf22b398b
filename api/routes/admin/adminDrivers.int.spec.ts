import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, driverApplication, settled } from '../../../tests/support/fixtures/apiDrivers.js';

let bed: ApiTestBed;
let admin: SignedIn;
let applicant: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  admin = await bed.signIn('admin');
  applicant = await bed.signIn('driver', { fullName: 'Natasha Mumba' });
  const applied = await bed.app.inject({
    method: 'POST',
    url: '/api/drivers/register',
    headers: applicant.headers,
    payload: driverApplication('car', 'BCD 7788'),
  });
  expect(applied.statusCode).toBe(201);
  await settled(bed);
});
afterAll(() => bed.close());

type Method = 'GET' | 'PATCH' | 'POST';
const call = (method: Method, url: string, who?: SignedIn, payload?: object) =>
  bed.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

describe('GET /api/admin/drivers', () => {
  it("lists applicants with the person's name, e-mail and phone, searchable by them, with the tabs' counts", async () => {
    const byName = (await call('GET', '/api/admin/drivers?search=natasha', admin)).json();
    expect(byName.drivers).toHaveLength(1);
    expect(byName.drivers[0]).toMatchObject({
      driverId: applicant.user.id,
      userName: 'Natasha Mumba',
      userEmail: applicant.email,
      verificationStatus: 'pending',
      licenceNumber: 'ZL-998877',
      vehicle: { plateNumber: 'BCD 7788', make: 'Toyota' },
      applications: 1,
    });
    expect(byName.drivers[0].documents).toHaveLength(6);
    expect((await call('GET', '/api/admin/drivers?search=BCD%207788', admin)).json().drivers).toHaveLength(1);
    expect((await call('GET', `/api/admin/drivers?search=${encodeURIComponent(applicant.email)}`, admin)).json().drivers).toHaveLength(1);
    const pending = (await call('GET', '/api/admin/drivers?status=pending', admin)).json();
    expect(pending.counts).toMatchObject({ pending: 1 });
    expect(
      (await call('GET', '/api/admin/drivers?status=approved', admin)).json().drivers.map((d: { driverId: string }) => d.driverId),
    ).not.toContain(applicant.user.id);
    expect((await call('GET', '/api/admin/drivers?status=sleeping', admin)).json().issues[0].field).toBe('querystring.status');
    expect((await call('GET', '/api/admin/drivers', applicant)).statusCode).toBe(403);
  });
});

describe('verification decisions', () => {
  it('rejects with a reason (required), and the driver can apply again', async () => {
    const noReason = await call('PATCH', `/api/admin/drivers/${applicant.user.id}/verify`, admin, { verificationStatus: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0].field).toBe('body.reason');

    const rejected = await call('PATCH', `/api/admin/drivers/${applicant.user.id}/verify`, admin, {
      verificationStatus: 'rejected',
      reason: 'Insurance certificate unreadable',
    });
    expect(rejected.json()).toMatchObject({
      verificationStatus: 'rejected',
      reason: 'Insurance certificate unreadable',
      decidedAt: expect.any(String),
    });
    await settled(bed);
    expect((await call('GET', `/api/drivers/user/${applicant.user.id}`, applicant)).json()).toMatchObject({
      verificationStatus: 'rejected',
      decisionReason: 'Insurance certificate unreadable',
    });

    const again = await call('POST', '/api/drivers/register', applicant, driverApplication('car', 'BCD 7788'));
    expect(again.json()).toMatchObject({ verificationStatus: 'pending', applications: 2 });
  });

  it('approves, suspends (taking the driver off duty) and reinstates, through the verification stream', async () => {
    const driver = await approvedDriver(bed, admin);
    const suspended = await call('POST', `/api/admin/drivers/${driver.driverId}/suspend`, admin, {
      reason: 'Complaint under investigation',
    });
    expect(suspended.json()).toMatchObject({ verificationStatus: 'suspended', reason: 'Complaint under investigation' });
    await settled(bed);
    expect((await call('GET', `/api/drivers/user/${driver.driverId}`, admin)).json()).toMatchObject({
      verificationStatus: 'suspended',
      isOnline: false,
    });
    expect((await call('PATCH', `/api/drivers/${driver.driverId}/status`, driver, { isOnline: true })).statusCode).toBe(409);

    expect((await call('POST', `/api/admin/drivers/${driver.driverId}/reinstate`, admin)).json()).toMatchObject({
      verificationStatus: 'approved',
    });
    const events = await bed.store.readStream(`driverVerification-${driver.driverId}`);
    expect(events.map((event) => event.type)).toEqual([
      'DriverApplicationSubmitted',
      'DriverApproved',
      'DriverSuspended',
      'DriverReinstated',
    ]);
    expect(events[2]!.metadata).toMatchObject({ userId: admin.user.id, role: 'admin' });
  });

  it('answers 404 for drivers who never applied, 409 for decisions the state forbids, 403 to non-admins', async () => {
    expect((await call('PATCH', `/api/admin/drivers/${randomUUID()}/verify`, admin, { verificationStatus: 'approved' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/admin/drivers/${randomUUID()}/reinstate`, admin)).statusCode).toBe(404);
    const driver = await approvedDriver(bed, admin, { online: false });
    expect((await call('POST', `/api/admin/drivers/${driver.driverId}/reinstate`, admin)).json()).toMatchObject({
      code: 'not_allowed_in_state',
    });
    expect((await call('POST', `/api/admin/drivers/${driver.driverId}/suspend`, admin, {})).json().issues[0].field).toBe('body.reason');
    expect(
      (await call('PATCH', `/api/admin/drivers/${driver.driverId}/verify`, driver, { verificationStatus: 'approved' })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/admin/drivers/${driver.driverId}/suspend`, undefined, { reason: 'No session here' })).statusCode).toBe(
      401,
    );
  });
});
