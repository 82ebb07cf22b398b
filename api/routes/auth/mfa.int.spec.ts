import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFrom, signInAs, startAccountsTestBed, totpCode, type AccountsTestBed } from '../../../tests/support/accounts.js';

let bed: AccountsTestBed;
beforeAll(async () => {
  bed = await startAccountsTestBed();
});
afterAll(() => bed.close());

const MINUTE = 60_000;
// Every request here comes from one IP: each test starts in a fresh rate-limit window.
afterEach(() => bed.clock.advance(16 * MINUTE));
let n = 0;

const post = (url: string, payload: object, cookie?: string) =>
  bed.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

/** The newest code the log transport sent to this address. */
async function codeSentTo(to: string): Promise<string> {
  const outbox = await bed.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const [latest] = outbox.json().messages;
  expect(latest, `no code sent to ${to}`).toBeDefined();
  return latest.code;
}

/** Registers with a unique phone number; answers the pending session. */
async function registerWithPhone() {
  n += 1;
  const phone = `+26097${String(1_000_000 + n * 7919).slice(-7)}`;
  const email = `sms${n}-${Date.now()}@example.zm`;
  const response = await post('/api/auth/register', { email, password: 'secret1', fullName: 'Mutale Zulu', phoneNumber: phone });
  expect(response.statusCode).toBe(201);
  return { userId: response.json().userId as string, cookie: sessionCookieFrom(response)!, phone, email, password: 'secret1' };
}

/** A registered account whose second factor is SMS, signed out again. */
async function smsAccount() {
  const account = await registerWithPhone();
  const setup = await post('/api/auth/setup-mfa', { userId: account.userId, method: 'sms' }, account.cookie);
  expect(setup.statusCode).toBe(200);
  const verified = await post('/api/auth/verify-mfa', { userId: account.userId, code: await codeSentTo(account.phone) }, account.cookie);
  expect(verified.statusCode).toBe(200);
  bed.clock.advance(31_000);
  return account;
}

async function loginAs(email: string, password: string) {
  const login = await post('/api/auth/login', { email, password });
  expect(login.statusCode).toBe(200);
  return { body: login.json(), cookie: sessionCookieFrom(login)! };
}

describe('authenticator app (TOTP)', () => {
  it('setup answers a secret, an otpauth URL and ten backup codes; a code from the secret signs in', async () => {
    const registered = await post('/api/auth/register', { email: `totp-${Date.now()}@example.zm`, password: 'secret1', fullName: 'Kabwe Tembo' });
    const { userId } = registered.json();
    const cookie = sessionCookieFrom(registered)!;

    const setup = await post('/api/auth/setup-mfa', { userId, method: 'totp' }, cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, backupCodes } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Tiyende:.+\?.*secret=/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);

    const wrong = await post('/api/auth/verify-mfa', { userId, code: totpCode(secret, new Date(bed.clock.now().getTime() + 10 * MINUTE)) }, cookie);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_code');

    const verified = await post('/api/auth/verify-mfa', { userId, code: totpCode(secret, bed.clock.now()) }, cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ id: userId, mfaEnabled: true, mfaMethod: 'totp' });
  });

  it('the same app code is never accepted twice', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    const { cookie } = await loginAs(account.email, account.password);
    const replay = await post('/api/auth/verify-mfa', { userId: account.user.id, code: totpCode(account.totpSecret, bed.clock.now()) }, cookie);
    expect(replay.statusCode).toBe(401);
    bed.clock.advance(30_000);
    const next = await post('/api/auth/verify-mfa', { userId: account.user.id, code: totpCode(account.totpSecret, bed.clock.now()) }, cookie);
    expect(next.statusCode).toBe(200);
  });

  it('a backup code signs in once; the second use is refused', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'driver');
    const [backup] = account.backupCodes;
    const first = await loginAs(account.email, account.password);
    const used = await post('/api/auth/verify-mfa', { userId: account.user.id, code: backup!.toUpperCase() }, first.cookie);
    expect(used.statusCode).toBe(200);
    expect(used.json().backupCodesRemaining).toBe(9);

    const second = await loginAs(account.email, account.password);
    const again = await post('/api/auth/verify-mfa', { userId: account.user.id, code: backup! }, second.cookie);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_code');
  });

  it('backup codes of an unconfirmed enrolment do not work', async () => {
    const registered = await post('/api/auth/register', { email: `unconfirmed-${Date.now()}@example.zm`, password: 'secret1', fullName: 'Luyando' });
    const { userId } = registered.json();
    const cookie = sessionCookieFrom(registered)!;
    const setup = await post('/api/auth/setup-mfa', { userId, method: 'totp' }, cookie);
    const refused = await post('/api/auth/verify-mfa', { userId, code: setup.json().backupCodes[0] }, cookie);
    expect(refused.statusCode).toBe(401);
  });

  it('a password alone cannot replace a second factor already in place', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    const { cookie } = await loginAs(account.email, account.password);
    const takeover = await post('/api/auth/setup-mfa', { userId: account.user.id, method: 'totp' }, cookie);
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().code).toBe('mfa_required');
    const sms = await post('/api/auth/send-mfa-code', { userId: account.user.id, purpose: 'registration' }, cookie);
    expect(sms.statusCode).toBe(400);
  });
});

describe('verify-mfa is bound to the pending session, not to a user id', () => {
  it('a user id without the cookie, or with another user’s cookie, verifies nothing', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    bed.clock.advance(30_000);
    const code = totpCode(account.totpSecret, bed.clock.now());
    const bare = await post('/api/auth/verify-mfa', { userId: account.user.id, code });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().code).toBe('no_pending_sign_in');

    const other = await registerWithPhone();
    const crossed = await post('/api/auth/verify-mfa', { userId: account.user.id, code }, other.cookie);
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().code).toBe('no_pending_sign_in');
  });
});

describe('codes by SMS', () => {
  it('registration: setup-mfa sms sends a code (read from the outbox) and verifying it enables SMS', async () => {
    const account = await registerWithPhone();
    const setup = await post('/api/auth/setup-mfa', { userId: account.userId, method: 'sms' }, account.cookie);
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toEqual({
      method: 'sms',
      codeDelivery: { channel: 'sms', destination: `•••••••••${account.phone.slice(-4)}`, expiresInSeconds: 300, resendInSeconds: 30 },
    });
    const code = await codeSentTo(account.phone);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await post('/api/auth/verify-mfa', { userId: account.userId, code }, account.cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ mfaEnabled: true, mfaMethod: 'sms', phoneNumber: account.phone });
  });

  it('login sends the code at once; it works once only', async () => {
    const account = await smsAccount();
    const { body, cookie } = await loginAs(account.email, account.password);
    expect(body).toMatchObject({ mfaEnabled: true, mfaMethod: 'sms', codeDelivery: { channel: 'sms' } });
    const code = await codeSentTo(account.phone);
    expect((await post('/api/auth/verify-mfa', { userId: account.userId, code }, cookie)).statusCode).toBe(200);

    // Within the cooldown a second login sends nothing new, so only the used code is around.
    const again = await loginAs(account.email, account.password);
    expect(again.body.codeDelivery).toBeNull();
    const reused = await post('/api/auth/verify-mfa', { userId: account.userId, code }, again.cookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('invalid_code');
  });

  it('an account without a phone gets its codes by e-mail', async () => {
    const email = `mail-${Date.now()}@example.zm`;
    const registered = await post('/api/auth/register', { email, password: 'secret1', fullName: 'Chipo Lungu' });
    const { userId } = registered.json();
    const setup = await post('/api/auth/setup-mfa', { userId, method: 'sms' }, sessionCookieFrom(registered));
    expect(setup.json().codeDelivery).toMatchObject({ channel: 'email', destination: expect.stringMatching(/^m•+@example\.zm$/) });
    const verified = await post('/api/auth/verify-mfa', { userId, code: await codeSentTo(email) }, sessionCookieFrom(registered));
    expect(verified.statusCode).toBe(200);
  });

  it('a code expires after 5 minutes', async () => {
    const account = await smsAccount();
    const { cookie } = await loginAs(account.email, account.password);
    const code = await codeSentTo(account.phone);
    bed.clock.advance(5 * MINUTE);
    const late = await post('/api/auth/verify-mfa', { userId: account.userId, code }, cookie);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: 'This code has expired. Ask for a new code.', code: 'code_expired' });
  });

  it('a code 1 s before expiry still works', async () => {
    const account = await smsAccount();
    const { cookie } = await loginAs(account.email, account.password);
    const code = await codeSentTo(account.phone);
    bed.clock.advance(5 * MINUTE - 1000);
    expect((await post('/api/auth/verify-mfa', { userId: account.userId, code }, cookie)).statusCode).toBe(200);
  });

  it('resend waits 30 s (429 with the seconds left), and a resent code replaces the old one', async () => {
    const account = await smsAccount();
    const { cookie } = await loginAs(account.email, account.password);
    const first = await codeSentTo(account.phone);
    bed.clock.advance(10_000);
    const early = await post('/api/auth/send-mfa-code', { userId: account.userId, purpose: 'login' }, cookie);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'resend_cooldown', retryAfterSeconds: 20 });
    expect(early.headers['retry-after']).toBe('20');

    bed.clock.advance(20_000);
    const resent = await post('/api/auth/send-mfa-code', { userId: account.userId, purpose: 'login' }, cookie);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ channel: 'sms', expiresInSeconds: 300, resendInSeconds: 30 });
    const second = await codeSentTo(account.phone);
    if (first !== second) {
      expect((await post('/api/auth/verify-mfa', { userId: account.userId, code: first }, cookie)).statusCode).toBe(401);
    }
    expect((await post('/api/auth/verify-mfa', { userId: account.userId, code: second }, cookie)).statusCode).toBe(200);
  });

  it('an authenticator-app account has no codes to send', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    const { cookie } = await loginAs(account.email, account.password);
    const response = await post('/api/auth/send-mfa-code', { userId: account.user.id, purpose: 'login' }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].field).toBe('body.purpose');
  });
});

describe('a code locks after 5 wrong tries', () => {
  it('even the right code is refused after the fifth wrong one, until a new code is sent', async () => {
    const locking = await startAccountsTestBed({ policy: { maxFailuresPerWindow: 100, maxFailuresPerIpPerWindow: 100 } });
    try {
      const sent = (to: string) =>
        locking.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` }).then((r) => r.json().messages[0].code as string);
      const registered = await locking.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'lock@example.zm', password: 'secret1', fullName: 'Lock Test', phoneNumber: '0961000000' },
      });
      const cookie = sessionCookieFrom(registered)!;
      const { userId } = registered.json();
      const verify = (code: string) => locking.app.inject({ method: 'POST', url: '/api/auth/verify-mfa', headers: { cookie }, payload: { userId, code } });
      await locking.app.inject({ method: 'POST', url: '/api/auth/setup-mfa', headers: { cookie }, payload: { userId, method: 'sms' } });
      const right = await sent('+260961000000');
      const wrong = right === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 5; attempt++) expect((await verify(wrong)).json().code).toBe('invalid_code');
      const locked = await verify(right);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('code_locked');

      locking.clock.advance(30_000);
      await locking.app.inject({ method: 'POST', url: '/api/auth/send-mfa-code', headers: { cookie }, payload: { userId, purpose: 'registration' } });
      expect((await verify(await sent('+260961000000'))).statusCode).toBe(200);
    } finally {
      await locking.close();
    }
  });
});
