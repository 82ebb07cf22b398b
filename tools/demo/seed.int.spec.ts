import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverVerificationStream, lusakaDate } from '../../domain/driverVerification/index.js';
import { startApiTestBed, type ApiTestBed } from '../../tests/support/apiTestBed.js';
import { sessionCookieFrom } from '../../tests/support/accounts.js';
import { findUserByEmail } from '../../accounts/index.js';
import { parseZambianMobile } from '../../domain/shared/phone.js';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, DEMO_PHONE_BLOCK, demoAdmin, demoDrivers, demoRiders } from './roster.js';
import { seedDemoData, type DemoSeedReport } from './seed.js';
import { demoCode } from './totp.js';

let bed: ApiTestBed;
let first: DemoSeedReport;
let second: DemoSeedReport;
const everyone = [demoAdmin, ...demoRiders, ...demoDrivers];

beforeAll(async () => {
  bed = await startApiTestBed();
  const deps = { accounts: { db: bed.db, clock: bed.clock }, commands: bed.commands, logger: pino({ level: 'silent' }) };
  first = await seedDemoData(deps);
  second = await seedDemoData(deps);
  await bed.settle();
}, 60_000);
afterAll(() => bed.close());

/** Password, then the demo authenticator code at the bed's clock: what a person types. */
async function signInDemo(email: string, url = '/api/auth/login'): Promise<{ cookie: string; status: number; body: any }> {
  const login = await bed.app.inject({ method: 'POST', url, payload: { email, password: DEMO_PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  const { userId, mfaEnabled, mfaMethod } = login.json();
  expect({ mfaEnabled, mfaMethod }).toEqual({ mfaEnabled: true, mfaMethod: 'totp' });
  const verified = await bed.app.inject({
    method: 'POST',
    url: '/api/auth/verify-mfa',
    headers: { cookie: sessionCookieFrom(login)! },
    payload: { userId, code: demoCode(bed.clock.now()) },
  });
  return { cookie: sessionCookieFrom(verified) ?? '', status: verified.statusCode, body: verified.json() };
}

describe('demo data', () => {
  it('creates every account once, however often it runs', async () => {
    expect(first).toEqual({ accountsCreated: everyone.length, commandsApplied: 2 * demoDrivers.length, driverProblems: [] });
    expect(second).toEqual({ accountsCreated: 0, commandsApplied: 0, driverProblems: [] });
    const rows = await bed.db.selectFrom('users').select(['email', 'user_type']).where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`).execute();
    expect(rows).toHaveLength(everyone.length);
    expect(rows.filter((row) => row.user_type === 'admin').map((row) => row.email)).toEqual([demoAdmin.email]);
    expect(rows.filter((row) => row.user_type === 'driver')).toHaveLength(demoDrivers.length);
  });

  it('has car, motorcycle and light-truck drivers in both Kitwe and Ndola, and no coming-soon service', () => {
    for (const town of ['kitwe', 'ndola'] as const) {
      const types = demoDrivers.filter((driver) => driver.town === town).map((driver) => driver.vehicleType);
      expect(types).toEqual(expect.arrayContaining(['car', 'motorcycle', 'light-truck', 'car-xl', 'assist', 'food-delivery']));
      expect(types).not.toContain('deluxe');
      expect(types).not.toContain('truck');
    }
    expect(new Set(demoDrivers.map((driver) => driver.vehicle.plateNumber)).size).toBe(demoDrivers.length);
  });

  it('gives every demo driver a distinct demo phone number that parses as a Zambian mobile, on the account the driver card reads', async () => {
    const numbers = demoDrivers.map((driver) => driver.phoneNumber);
    expect(new Set(numbers).size).toBe(demoDrivers.length);
    for (const driver of demoDrivers) {
      expect(driver.phoneNumber!.startsWith(DEMO_PHONE_BLOCK), driver.email).toBe(true);
      expect(parseZambianMobile(driver.phoneNumber!)?.e164, driver.email).toBe(driver.phoneNumber);
      expect((await findUserByEmail(bed.db, driver.email))!.phone_number).toBe(driver.phoneNumber);
    }
  });

  it('gives a demo driver seeded before numbers existed their number on the next start, and keeps a number someone set', async () => {
    const [older, changed] = [demoDrivers[0]!, demoDrivers[1]!];
    await bed.db.updateTable('users').set({ phone_number: null }).where('email', '=', older.email).execute();
    await bed.db.updateTable('users').set({ phone_number: '+260961234567' }).where('email', '=', changed.email).execute();
    await seedDemoData({ accounts: { db: bed.db, clock: bed.clock }, commands: bed.commands, logger: pino({ level: 'silent' }) });
    expect((await findUserByEmail(bed.db, older.email))!.phone_number).toBe(older.phoneNumber);
    expect((await findUserByEmail(bed.db, changed.email))!.phone_number).toBe('+260961234567');
  });

  it('applies and approves each driver once, through the commands, documents good for a year', async () => {
    const admin = (await findUserByEmail(bed.db, demoAdmin.email))!;
    const expiresOn = lusakaDate(new Date(bed.clock.now().getTime() + 365 * 86_400_000));
    for (const driver of demoDrivers) {
      const user = (await findUserByEmail(bed.db, driver.email))!;
      const events = await bed.store.readStream(driverVerificationStream(user.id));
      expect(events.map((event) => event.type)).toEqual(['DriverApplicationSubmitted', 'DriverApproved']);
      const [submitted, approved] = events as Array<{ data: any; metadata: any }>;
      expect(submitted!.data).toMatchObject({ driverId: user.id, userId: user.id, vehicle: { type: driver.vehicleType, plateNumber: driver.vehicle.plateNumber } });
      expect(new Set(submitted!.data.documents.map((document: { expiresOn: string }) => document.expiresOn))).toEqual(new Set([expiresOn]));
      expect(approved!.data.approvedBy).toBe(admin.id);
      expect(approved!.metadata).toMatchObject({ userId: admin.id, role: 'admin' });
    }
  });

  it('signs a demo driver in with the demo password and authenticator code; the driver may go online and see requests', async () => {
    const driver = demoDrivers.find((candidate) => candidate.town === 'ndola' && candidate.vehicleType === 'light-truck')!;
    const signedIn = await signInDemo(driver.email);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const driverId = signedIn.body.user.id;
    const online = await bed.app.inject({
      method: 'PATCH',
      url: `/api/drivers/${driverId}/status`,
      headers: { cookie: signedIn.cookie },
      payload: { isOnline: true, location: driver.start },
    });
    expect(online.statusCode, online.body).toBe(200);
    expect(online.json()).toMatchObject({ status: 'online', isOnline: true, location: driver.start });
    const pending = await bed.app.inject({ method: 'GET', url: '/api/rides/pending/light-truck', headers: { cookie: signedIn.cookie } });
    expect(pending.statusCode, pending.body).toBe(200);
  });

  it('lets the admin through the admin door and a rider through the main one with the same code, but never one account twice', async () => {
    const admin = await signInDemo(demoAdmin.email, '/api/auth/admin-login');
    expect(admin.status).toBe(200);
    expect(admin.body.user).toMatchObject({ email: demoAdmin.email, userType: 'admin' });
    const rider = await signInDemo(demoRiders[0]!.email);
    expect(rider.body.user).toMatchObject({ email: demoRiders[0]!.email, userType: 'passenger' });
    // The server's replay rule holds for demo accounts too: the code just used is spent.
    const again = await signInDemo(demoRiders[0]!.email);
    expect([again.status, again.body.code]).toEqual([401, 'invalid_code']);
  });
});
