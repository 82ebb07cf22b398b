import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFrom, signInAs, startAccountsTestBed, type AccountsTestBed } from '../../../tests/support/accounts.js';

let bed: AccountsTestBed;
beforeAll(async () => {
  bed = await startAccountsTestBed();
});
afterAll(() => bed.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  bed.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

let n = 0;
const fresh = () => `person${++n}-${Date.now()}@example.zm`;

describe('registration', () => {
  it('creates a passenger, answers { userId, requiresMfa } and starts a session that still needs MFA', async () => {
    const response = await post('/api/auth/register', {
      email: `  ${fresh().toUpperCase()} `,
      password: 'secret1',
      confirmPassword: 'secret1',
      fullName: 'Mwila Banda',
      username: 'mwila',
      phoneNumber: '0971 234 567',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ userId: expect.any(String), requiresMfa: true, mfaEnabled: false });
    const cookie = sessionCookieFrom(response)!;
    expect(cookie).toBeDefined();

    const row = await bed.db.selectFrom('users').selectAll().where('id', '=', body.userId).executeTakeFirstOrThrow();
    expect(row.email).toBe(row.email.toLowerCase());
    expect(row.phone_number).toBe('+260971234567');
    expect(row.user_type).toBe('passenger');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const me = await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({
      code: 'mfa_required',
      message: 'Two-factor authentication is required to access this application.',
      userId: body.userId,
      mfaEnabled: false,
    });
  });

  it('registers a driver when asked', async () => {
    const response = await post('/api/auth/register', { email: fresh(), password: 'secret1', fullName: 'Chanda Mulenga', userType: 'driver' });
    expect(response.statusCode).toBe(201);
    const row = await bed.db.selectFrom('users').select('user_type').where('id', '=', response.json().userId).executeTakeFirstOrThrow();
    expect(row.user_type).toBe('driver');
  });

  it('refuses userType admin with a 400 naming userType', async () => {
    const response = await post('/api/auth/register', { email: fresh(), password: 'secret1', fullName: 'Would Be Admin', userType: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { field: 'body.userType', message: 'Administrator and staff accounts cannot be created by registering; choose passenger or driver' },
    ]);
  });

  it("gives the spec's messages for each bad field, all at once", async () => {
    const response = await post('/api/auth/register', { email: 'not-an-email', password: '123', fullName: 'A', username: 'ab', phoneNumber: '0977' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { field: 'body.email', message: 'Invalid email address' },
        { field: 'body.password', message: 'Password must be at least 6 characters' },
        { field: 'body.fullName', message: 'Full name must be at least 2 characters' },
        { field: 'body.username', message: 'Username must be at least 3 characters' },
        { field: 'body.phoneNumber', message: 'Phone number must be at least 10 characters' },
      ]),
    );
  });

  it('treats blank optional fields as absent, refuses mismatched passwords and unreachable phone numbers', async () => {
    const blank = await post('/api/auth/register', { email: fresh(), password: 'secret1', fullName: 'Bwalya', username: '', phoneNumber: '' });
    expect(blank.statusCode).toBe(201);
    const mismatch = await post('/api/auth/register', { email: fresh(), password: 'secret1', confirmPassword: 'secret2', fullName: 'Bwalya' });
    expect(mismatch.json().issues).toEqual([{ field: 'body.confirmPassword', message: 'Passwords do not match' }]);
    const badPhone = await post('/api/auth/register', { email: fresh(), password: 'secret1', fullName: 'Bwalya', phoneNumber: '+260 97 123 45' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().issues[0].field).toBe('body.phoneNumber');
  });

  it('answers 409 naming the field when the e-mail address or username is taken (any case)', async () => {
    const email = fresh();
    await post('/api/auth/register', { email, password: 'secret1', fullName: 'First', username: 'Taken_Name' });
    const sameEmail = await post('/api/auth/register', { email: email.toUpperCase(), password: 'secret1', fullName: 'Second' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'email_taken', field: 'email' });
    const sameUsername = await post('/api/auth/register', { email: fresh(), password: 'secret1', fullName: 'Third', username: 'taken_name' });
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json()).toMatchObject({ code: 'username_taken', field: 'username' });
  });
});

describe('bad input on every auth route is a 400 naming the field, never a 500', () => {
  const userId = '00000000-0000-4000-8000-000000000000';
  const cases: Array<[string, string, unknown, string]> = [
    ['POST', '/api/auth/register', { password: 'secret1', fullName: 'No Email' }, 'body.email'],
    ['POST', '/api/auth/login', { email: 'someone@example.zm' }, 'body.password'],
    ['POST', '/api/auth/login', { email: 'nope', password: 'secret1' }, 'body.email'],
    ['POST', '/api/auth/admin-login', { email: 42, password: 'secret1' }, 'body.email'],
    ['POST', '/api/auth/send-mfa-code', { userId, purpose: 'reset' }, 'body.purpose'],
    ['POST', '/api/auth/send-mfa-code', { userId: 'temp-123', purpose: 'login' }, 'body.userId'],
    ['POST', '/api/auth/setup-mfa', { userId, method: 'email' }, 'body.method'],
    ['POST', '/api/auth/setup-mfa', { userId, method: 'sms', phoneNumber: '12' }, 'body.phoneNumber'],
    ['POST', '/api/auth/verify-mfa', { userId, code: '12345' }, 'body.code'],
    ['POST', '/api/auth/verify-mfa', { code: '123456' }, 'body.userId'],
    ['PATCH', '/api/auth/preferences', { preferredLanguage: 'de' }, 'body.preferredLanguage'],
  ];
  it.each(cases)('%s %s %j → 400 naming %s', async (method, url, payload, field) => {
    const response = await bed.app.inject({ method: method as 'POST', url, payload: payload as object });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid');
    expect(response.json().issues.map((issue: { field: string }) => issue.field)).toContain(field);
  });

  it('a body that is not JSON is refused as bad input too', async () => {
    const response = await bed.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
  });
});

describe('login', () => {
  it('answers requiresMfa with the userId and a pending session; wrong passwords and unknown e-mails get the same 401', async () => {
    const { email, password, user } = await signInAs(bed.app, bed.accounts, 'passenger');
    const login = await post('/api/auth/login', { email: email.toUpperCase(), password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ requiresMfa: true, userId: user.id, mfaEnabled: true, mfaMethod: 'totp', codeDelivery: null });
    const me = await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: sessionCookieFrom(login)! } });
    expect(me.json().code).toBe('mfa_required');

    const wrong = await post('/api/auth/login', { email, password: 'not-it' });
    const unknown = await post('/api/auth/login', { email: fresh(), password: 'not-it' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
      expect(sessionCookieFrom(response)).toBeUndefined();
    }
  });

  it('an account that never finished MFA setup is told so (mfaEnabled false) and continues with setup', async () => {
    const email = fresh();
    await post('/api/auth/register', { email, password: 'secret1', fullName: 'Half Way' });
    const login = await post('/api/auth/login', { email, password: 'secret1' });
    expect(login.json()).toMatchObject({ requiresMfa: true, mfaEnabled: false, mfaMethod: null, codeDelivery: null });
    const setup = await post('/api/auth/setup-mfa', { userId: login.json().userId, method: 'totp' }, sessionCookieFrom(login));
    expect(setup.statusCode).toBe(200);
  });
});

describe('admin-login', () => {
  it('refuses a passenger with a 403 that says why, and lets an admin through to MFA', async () => {
    const passenger = await signInAs(bed.app, bed.accounts, 'passenger');
    const refused = await post('/api/auth/admin-login', { email: passenger.email, password: passenger.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_admin');
    expect(refused.json().message).toContain('administrators only');
    expect(sessionCookieFrom(refused)).toBeUndefined();

    const admin = await signInAs(bed.app, bed.accounts, 'admin');
    expect(admin.user.userType).toBe('admin');
    const me = await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: admin.headers });
    expect(me.json()).toMatchObject({ userType: 'admin', mfaEnabled: true, mfaMethod: 'totp' });
  });
});

describe('the signed-in user and the language preference', () => {
  it('GET /api/auth/user is 401 without a session and the user with one', async () => {
    const anonymous = await bed.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });

    const signedIn = await signInAs(bed.app, bed.accounts, 'driver', { fullName: 'Natasha Phiri' });
    const me = await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: signedIn.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: signedIn.user.id,
      email: signedIn.email,
      username: null,
      fullName: 'Natasha Phiri',
      phoneNumber: null,
      userType: 'driver',
      roles: ['driver'],
      preferredLanguage: 'en',
      mfaEnabled: true,
      mfaMethod: 'totp',
    });
  });

  it('GET /api/auth/session always answers 200: signed out, second factor pending, or signed in with the user, never cached', async () => {
    const anonymous = await bed.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([200, { state: 'signedOut' }]);
    expect(anonymous.headers['cache-control']).toBe('no-store');

    const { email, password, user, headers } = await signInAs(bed.app, bed.accounts, 'passenger', { fullName: 'Mapalo Banda' });
    const login = await post('/api/auth/login', { email, password });
    const pending = await bed.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: sessionCookieFrom(login)! } });
    expect([pending.statusCode, pending.json()]).toEqual([200, { state: 'mfaPending', userId: user.id, mfaEnabled: true }]);

    const signedIn = await bed.app.inject({ method: 'GET', url: '/api/auth/session', headers });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ state: 'signedIn', user: expect.objectContaining({ id: user.id, fullName: 'Mapalo Banda', userType: 'passenger', mfaMethod: 'totp' }) });
    expect(signedIn.json().user).not.toHaveProperty('passwordHash');
  });

  it('PATCH /api/auth/preferences changes the language (Bemba included) for the signed-in user only', async () => {
    const signedIn = await signInAs(bed.app, bed.accounts, 'passenger');
    const changed = await bed.app.inject({ method: 'PATCH', url: '/api/auth/preferences', headers: signedIn.headers, payload: { preferredLanguage: 'bem' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().preferredLanguage).toBe('bem');
    const me = await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: signedIn.headers });
    expect(me.json().preferredLanguage).toBe('bem');

    const anonymous = await bed.app.inject({ method: 'PATCH', url: '/api/auth/preferences', payload: { preferredLanguage: 'fr' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('lists every auth route with its request schema', async () => {
    const response = await bed.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    for (const path of ['/api/auth/register', '/api/auth/login', '/api/auth/admin-login', '/api/auth/verify-mfa', '/api/auth/send-mfa-code', '/api/auth/setup-mfa', '/api/auth/logout', '/api/auth/user', '/api/auth/preferences', '/api/auth/google']) {
      expect(paths, path).toHaveProperty([path]);
    }
    expect(paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('phoneNumber');
  });
});
