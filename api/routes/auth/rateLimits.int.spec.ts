import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFrom, signInAs, startAccountsTestBed, totpCode, type AccountsTestBed, type SignedIn } from '../../../tests/support/accounts.js';

let bed: AccountsTestBed;
beforeAll(async () => {
  bed = await startAccountsTestBed();
});
afterAll(() => bed.close());
afterEach(() => bed.clock.advance(16 * 60_000));

let ipCounter = 0;
const newIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const login = (email: string, password: string, ip: string) =>
  bed.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

const verify = (account: { userId: string; cookie: string }, code: string, ip: string) =>
  bed.app.inject({ method: 'POST', url: '/api/auth/verify-mfa', headers: { cookie: account.cookie }, payload: { userId: account.userId, code }, remoteAddress: ip });

async function pendingSignIn(account: SignedIn) {
  const response = await login(account.email, account.password, newIp());
  expect(response.statusCode).toBe(200);
  return { userId: account.user.id, cookie: sessionCookieFrom(response)! };
}

describe('wrong passwords', () => {
  it('per account: the sixth in the window is a 429, even with the right password and from new IPs, until the window passes', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    for (let attempt = 1; attempt <= 5; attempt++) expect((await login(account.email, 'wrong-password', newIp())).statusCode).toBe(401);
    const sixth = await login(account.email, account.password, newIp());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'too_many_attempts', retryAfterSeconds: expect.any(Number) });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    bed.clock.advance(15 * 60_000);
    expect((await login(account.email, account.password, newIp())).statusCode).toBe(200);
  });

  it('per IP: past 30 wrong logins from one address (carrier NAT shares addresses) every account gets 429 there; other addresses carry on', async () => {
    const ip = newIp();
    const victim = await signInAs(bed.app, bed.accounts, 'passenger');
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect((await login(`nobody${attempt}@example.zm`, 'guess', ip)).statusCode).toBe(401);
    }
    expect((await login(victim.email, victim.password, ip)).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, newIp())).statusCode).toBe(200);
  });

  it('a right password clears the account’s count: failures are counted, not sign-ins', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'driver');
    for (let round = 0; round < 3; round++) {
      for (let attempt = 1; attempt <= 4; attempt++) await login(account.email, 'wrong-password', newIp());
      expect((await login(account.email, account.password, newIp())).statusCode).toBe(200);
    }
  });
});

describe('a burst of parallel guesses', () => {
  it('cannot slip past the limit: of twenty at once, at most five are even checked', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(account.email, 'wrong-password', newIp())));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});

describe('wrong second-factor codes', () => {
  it('per account: the sixth wrong code in the window is a 429, even the right one, from any IP', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    bed.clock.advance(30_000);
    const pending = await pendingSignIn(account);
    for (let attempt = 1; attempt <= 5; attempt++) expect((await verify(pending, '000000', newIp())).statusCode).toBe(401);
    const sixth = await verify(pending, totpCode(account.totpSecret, bed.clock.now()), newIp());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('too_many_attempts');
    expect(sixth.headers['retry-after']).toBeDefined();
  });

  it('per IP: past 30 wrong codes from one address, any account is blocked there; other addresses carry on', async () => {
    const ip = newIp();
    const accounts = await Promise.all(Array.from({ length: 7 }, () => signInAs(bed.app, bed.accounts, 'passenger')));
    bed.clock.advance(30_000);
    const pendings = await Promise.all(accounts.map(pendingSignIn));
    // Five wrong codes on each of six accounts: 30 from this address, none past any account's own limit.
    for (let index = 0; index < 30; index++) {
      expect((await verify(pendings[index % 6]!, '000000', ip)).statusCode).toBe(401);
    }
    const code = totpCode(accounts[6]!.totpSecret, bed.clock.now());
    expect((await verify(pendings[6]!, code, ip)).statusCode).toBe(429);
    expect((await verify(pendings[6]!, code, newIp())).statusCode).toBe(200);
  });
});
