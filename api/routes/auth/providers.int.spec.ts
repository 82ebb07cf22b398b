import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providersFromConfig } from '../../../accounts/index.js';
import { loadConfig } from '../../config.js';
import { sessionCookieFrom, startAccountsTestBed, type AccountsTestBed } from '../../../tests/support/accounts.js';
import { FakeOidcIssuer, verifyEs256 } from '../../../tests/support/fakeOidcIssuer.js';

describe('unconfigured providers', () => {
  let bed: AccountsTestBed;
  beforeAll(async () => {
    bed = await startAccountsTestBed();
  });
  afterAll(() => bed.close());

  it.each(['google', 'apple'])('/api/auth/%s sends the browser to the spec’s error page', async (provider) => {
    for (const url of [`/api/auth/${provider}`, `/api/auth/${provider}/callback?code=x&state=y`]) {
      const response = await bed.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/login?error=${provider}_auth_failed`);
    }
  });
});

describe('Google and Apple through OpenID Connect (a fake issuer on this machine)', () => {
  const issuer = new FakeOidcIssuer();
  const appleKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  let bed: AccountsTestBed;

  beforeAll(async () => {
    await issuer.start();
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://tiyende.test',
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: issuer.url,
      APPLE_CLIENT_ID: 'app.tiyende.web',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: appleKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      APPLE_ISSUER: issuer.url,
    });
    bed = await startAccountsTestBed({ providers: providersFromConfig(config) });
  });
  afterAll(async () => {
    await bed.close();
    await issuer.stop();
  });

  async function leaveFor(provider: 'google' | 'apple') {
    const start = await bed.app.inject({ method: 'GET', url: `/api/auth/${provider}` });
    expect(start.statusCode).toBe(302);
    const flow = start.cookies.find((cookie) => cookie.name === 'tiyende_oidc')!;
    return { location: start.headers.location as string, flowCookie: `tiyende_oidc=${flow.value}`, flow };
  }

  async function comeBackFromGoogle(identity: Parameters<FakeOidcIssuer['authorize']>[1]) {
    const { location, flowCookie } = await leaveFor('google');
    const { code, state } = issuer.authorize(location, identity);
    return bed.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=${code}&state=${state}`, headers: { cookie: flowCookie } });
  }

  it('builds an authorization-code request with PKCE, state and nonce, kept in a signed HttpOnly cookie', async () => {
    const { location, flow } = await leaveFor('google');
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(`${issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'google-client',
      redirect_uri: 'http://tiyende.test/api/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(flow).toMatchObject({ httpOnly: true, path: '/api/auth', maxAge: 600, sameSite: 'Lax' });

    // The cookie is signed: an altered one is worth nothing.
    const { code, state } = issuer.authorize(location, { sub: 'google-sub-x', email: 'x@example.zm', email_verified: true });
    const altered = flow.value.replace(/.(?=\.)/, (c) => (c === 'a' ? 'b' : 'a'));
    const back = await bed.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=${code}&state=${state}`, headers: { cookie: `tiyende_oidc=${altered}` } });
    expect(back.headers.location).toBe('/login?error=google_auth_failed');
  });

  it('a verified e-mail signs a new passenger in up to the MFA step; the same subject finds the same account later', async () => {
    const first = await comeBackFromGoogle({ sub: 'google-sub-1', email: 'Thandiwe@Gmail.com', email_verified: true, name: 'Thandiwe Mwale' });
    expect(first.statusCode).toBe(302);
    const location = new URL(first.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('mfa')).toBe('setup');
    const userId = location.searchParams.get('userId')!;
    const me = await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: sessionCookieFrom(first)! } });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ code: 'mfa_required', userId });

    const user = await bed.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'thandiwe@gmail.com', full_name: 'Thandiwe Mwale', user_type: 'passenger', password_hash: null });

    const later = await comeBackFromGoogle({ sub: 'google-sub-1', email: 'thandiwe.new@gmail.com', email_verified: true });
    expect(new URL(later.headers.location as string, 'http://x').searchParams.get('userId')).toBe(userId);
  });

  it('links a verified e-mail to the existing password account with that address', async () => {
    const registered = await bed.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'mercy@example.zm', password: 'secret1', fullName: 'Mercy Daka', userType: 'driver' },
    });
    const back = await comeBackFromGoogle({ sub: 'google-sub-mercy', email: 'mercy@example.zm', email_verified: true });
    expect(new URL(back.headers.location as string, 'http://x').searchParams.get('userId')).toBe(registered.json().userId);
  });

  it('refuses an unverified e-mail, a forged state and a missing flow cookie', async () => {
    const unverified = await comeBackFromGoogle({ sub: 'google-sub-2', email: 'someone@example.zm', email_verified: false });
    expect(unverified.headers.location).toBe('/login?error=google_auth_failed');
    expect(await bed.db.selectFrom('users').select('id').where('email', '=', 'someone@example.zm').executeTakeFirst()).toBeUndefined();

    const { location, flowCookie } = await leaveFor('google');
    const { code } = issuer.authorize(location, { sub: 'google-sub-3', email: 'x@example.zm', email_verified: true });
    const forged = await bed.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=${code}&state=forged`, headers: { cookie: flowCookie } });
    expect(forged.headers.location).toBe('/login?error=google_auth_failed');

    const noCookie = await bed.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=${code}&state=whatever` });
    expect(noCookie.headers.location).toBe('/login?error=google_auth_failed');

    const denied = await bed.app.inject({ method: 'GET', url: '/api/auth/google/callback?error=access_denied', headers: { cookie: flowCookie } });
    expect(denied.headers.location).toBe('/login?error=google_auth_failed');
  });

  it('Apple: form_post answer, a client secret signed with the team key, the name from the first answer', async () => {
    const { location, flowCookie } = await leaveFor('apple');
    const url = new URL(location);
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('scope')).toBe('openid email name');

    let secretClaims: Record<string, unknown> | null = null;
    issuer.clientSecretCheck = (secret) => (secretClaims = verifyEs256(secret, appleKey.publicKey)) !== null;
    const { code, state } = issuer.authorize(location, { sub: 'apple-sub-1', email: 'relay123@privaterelay.appleid.com', email_verified: 'true' });
    const back = await bed.app.inject({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: { cookie: flowCookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code, state, user: JSON.stringify({ name: { firstName: 'Chileshe', lastName: 'Mumba' } }) }).toString(),
    });
    issuer.clientSecretCheck = () => true;

    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toMatch(/^\/auth\?mfa=setup&userId=/);
    expect(secretClaims).toMatchObject({ iss: 'TEAM123456', sub: 'app.tiyende.web', aud: 'https://appleid.apple.com' });
    const user = await bed.db.selectFrom('users').selectAll().where('email', '=', 'relay123@privaterelay.appleid.com').executeTakeFirstOrThrow();
    expect(user.full_name).toBe('Chileshe Mumba');
  });
});
