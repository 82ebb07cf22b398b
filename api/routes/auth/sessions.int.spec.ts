import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeByChannel, setUserActive } from '../../../accounts/index.js';
import { currentUser, requireUser, signedInUser } from '../../plugins/auth.js';
import { sessionCookieFrom, signInAs, startAccountsTestBed, totpCode, type AccountsTestBed } from '../../../tests/support/accounts.js';

let bed: AccountsTestBed;
beforeAll(async () => {
  bed = await startAccountsTestBed();
  // Routes as other route files will guard them.
  bed.app.get('/test/admin-only', { preHandler: requireUser({ roles: ['admin'] }) }, async (request) => ({ id: signedInUser(request).id }));
  bed.app.get('/test/anyone', async (request) => ({ userType: currentUser(request)?.userType ?? null }));
});
afterAll(() => bed.close());

const get = (url: string, cookie?: string) => bed.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object, cookie?: string) => bed.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

function sessionSetCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : [header];
  return String(all.find((value) => String(value).startsWith('tiyende_session=')));
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure outside production', async () => {
    const response = await post('/api/auth/register', { email: 'flags@example.zm', password: 'secret1', fullName: 'Flag Test' });
    const header = sessionSetCookie(response);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/; Secure/);
  });

  it('is Secure in production, where the development outbox does not exist', async () => {
    const production = await startAccountsTestBed({ environment: 'production', transport: routeByChannel({}) });
    try {
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'prod@example.zm', password: 'secret1', fullName: 'Prod Test' },
      });
      expect(sessionSetCookie(response)).toMatch(/; Secure/);
      expect((await production.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      // No SMS gateway and no SMTP configured: codes cannot go out, and the answer says what to do.
      const sms = await production.app.inject({
        method: 'POST',
        url: '/api/auth/setup-mfa',
        headers: { cookie: sessionCookieFrom(response)! },
        payload: { userId: response.json().userId, method: 'sms' },
      });
      expect(sms.statusCode).toBe(503);
      expect(sms.json()).toMatchObject({ code: 'delivery_unavailable', message: expect.stringContaining('authenticator app') });
    } finally {
      await production.close();
    }
  });
});

describe('session ids change at every step up', () => {
  it('login issues a new id, MFA issues another, and the earlier cookies stop working', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    bed.clock.advance(30_000);
    const login = await post('/api/auth/login', { email: account.email, password: account.password }, account.cookie);
    const pending = sessionCookieFrom(login)!;
    expect(pending).not.toBe(account.cookie);
    expect((await get('/api/auth/user', account.cookie)).statusCode).toBe(401);

    const verified = await post('/api/auth/verify-mfa', { userId: account.user.id, code: totpCode(account.totpSecret, bed.clock.now()) }, pending);
    const signedIn = sessionCookieFrom(verified)!;
    expect(signedIn).not.toBe(pending);
    expect((await get('/api/auth/user', pending)).statusCode).toBe(401);
    expect((await get('/api/auth/user', signedIn)).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    const token = account.cookie.split('=')[1]!;
    const raw = await bed.db.selectFrom('user_sessions').select('id').where('id', '=', token).executeTakeFirst();
    expect(raw).toBeUndefined();
    expect((await get('/api/auth/user', account.cookie)).statusCode).toBe(200);
  });

  it('a pending sign-in lapses after 15 minutes; a signed-in session after 30 days', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'driver');
    bed.clock.advance(30_000);
    const login = await post('/api/auth/login', { email: account.email, password: account.password });
    bed.clock.advance(15 * 60_000);
    const late = await post('/api/auth/verify-mfa', { userId: account.user.id, code: totpCode(account.totpSecret, bed.clock.now()) }, sessionCookieFrom(login));
    expect(late.statusCode).toBe(401);

    const fresh = await signInAs(bed.app, bed.accounts, 'driver');
    bed.clock.advance(30 * 24 * 3600_000 - 1000);
    expect((await get('/api/auth/user', fresh.cookie)).statusCode).toBe(200);
    bed.clock.advance(1000);
    expect((await get('/api/auth/user', fresh.cookie)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session and clears the cookie', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    const logout = await post('/api/auth/logout', {}, account.cookie);
    expect(logout.statusCode).toBe(204);
    expect(sessionSetCookie(logout)).toMatch(/tiyende_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await get('/api/auth/user', account.cookie)).statusCode).toBe(401);
  });

  it('succeeds without a session too', async () => {
    expect((await bed.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });
});

describe('deactivated accounts', () => {
  it('the next request of a deactivated user is a 401, and the session is over', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'driver');
    // Straight in the table, as if another replica did it: the per-request check must catch it.
    await bed.db.updateTable('users').set({ is_active: false }).where('id', '=', account.user.id).execute();
    const refused = await get('/api/auth/user', account.cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('account_deactivated');
    const session = await bed.db.selectFrom('user_sessions').select('revoked_at').where('user_id', '=', account.user.id).where('mfa_verified', '=', true).executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();

    await bed.db.updateTable('users').set({ is_active: true }).where('id', '=', account.user.id).execute();
    expect((await get('/api/auth/user', account.cookie)).statusCode).toBe(401);
  });

  it('setUserActive(false) ends every session, and the password then gets a 403 naming why', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    await setUserActive(bed.db, account.user.id, false, bed.clock.now());
    expect((await get('/api/auth/user', account.cookie)).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: account.email, password: account.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('account_deactivated');
  });
});

describe('the guard other routes use', () => {
  it('401 for visitors, 403 mfa_required while MFA is pending, 403 for the wrong role, through for the right one', async () => {
    expect((await get('/test/admin-only')).json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });

    const registered = await post('/api/auth/register', { email: 'guard@example.zm', password: 'secret1', fullName: 'Guard Test' });
    const pending = await get('/test/admin-only', sessionCookieFrom(registered));
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ code: 'mfa_required', message: 'Two-factor authentication is required to access this application.' });

    const passenger = await signInAs(bed.app, bed.accounts, 'passenger');
    const wrongRole = await get('/test/admin-only', passenger.cookie);
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json()).toMatchObject({ code: 'forbidden_role', requiredRoles: ['admin'] });

    const admin = await signInAs(bed.app, bed.accounts, 'admin');
    const allowed = await get('/test/admin-only', admin.cookie);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ id: admin.user.id });
  });

  it('currentUser is null for visitors and pending sessions, the user once fully signed in', async () => {
    expect((await get('/test/anyone')).json()).toEqual({ userType: null });
    const registered = await post('/api/auth/register', { email: 'anyone@example.zm', password: 'secret1', fullName: 'Anyone' });
    expect((await get('/test/anyone', sessionCookieFrom(registered))).json()).toEqual({ userType: null });
    const staff = await signInAs(bed.app, bed.accounts, 'staff');
    expect((await get('/test/anyone', staff.cookie)).json()).toEqual({ userType: 'staff' });
  });
});
