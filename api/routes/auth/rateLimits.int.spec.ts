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

describe('wrong passwords: growing delays, never a lockout a stranger can trigger', () => {
  it('per account and client: three typos are free, then that client waits 1 s, 2 s, 4 s … (429 with Retry-After)', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    const ip = newIp();
    for (let attempt = 1; attempt <= 4; attempt++) expect((await login(account.email, 'wrong-password', ip)).statusCode).toBe(401);
    // The fourth failure set a 1 s delay: even the right password waits it out.
    const early = await login(account.email, account.password, ip);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'too_many_attempts', retryAfterSeconds: 1 });
    expect(early.headers['retry-after']).toBe('1');
    bed.clock.advance(1_000);
    expect((await login(account.email, 'wrong-password', ip)).statusCode).toBe(401);
    // A refused attempt is not checked and not counted; the fifth failure set 2 s.
    expect((await login(account.email, 'wrong-password', ip)).json().retryAfterSeconds).toBe(2);
    bed.clock.advance(2_000);
    expect((await login(account.email, account.password, ip)).statusCode).toBe(200);
  });

  it('delays grow to at most 15 minutes; no number of failures locks the account for longer', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'driver');
    const ip = newIp();
    let longest = 0;
    for (let attempt = 1; attempt <= 20; attempt++) {
      const answer = await login(account.email, 'wrong-password', ip);
      if (answer.statusCode === 429) longest = Math.max(longest, answer.json().retryAfterSeconds as number);
      bed.clock.advance(15 * 60_000);
    }
    expect(longest).toBeLessThanOrEqual(15 * 60);
    expect((await login(account.email, account.password, ip)).statusCode).toBe(200);
  });

  it('the owner, from a client that has not been failing, signs in while strangers keep guessing', async () => {
    const owner = await signInAs(bed.app, bed.accounts, 'driver');
    const attackers = Array.from({ length: 8 }, newIp);
    // Forty failures spread over eight addresses: far past every free allowance.
    for (let round = 0; round < 5; round++) {
      if (round > 0) bed.clock.advance(2_000);
      for (const ip of attackers) await login(owner.email, `guess-${round}`, ip);
    }
    const attackerNow = await login(owner.email, 'yet-another-guess', attackers[0]!);
    expect(attackerNow.statusCode).toBe(429);
    expect((await login(owner.email, owner.password, newIp())).statusCode).toBe(200);
  });

  it('per account from all clients: past ten failures, clients that have been failing wait even on a first try at it', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    const spread = Array.from({ length: 11 }, newIp);
    for (const ip of spread) expect((await login(account.email, 'wrong-password', ip)).statusCode).toBe(401);
    // A client that failed elsewhere (a guesser trying many accounts) meets the account's delay.
    const guesser = newIp();
    expect((await login('someone-else@example.zm', 'guess', guesser)).statusCode).toBe(401);
    expect((await login(account.email, 'wrong-password', guesser)).statusCode).toBe(429);
  });

  it('per client: past 30 failures in 15 minutes from one address (carrier NAT shares addresses) it waits; other addresses carry on', async () => {
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
    const ip = newIp();
    for (let round = 0; round < 3; round++) {
      for (let attempt = 1; attempt <= 3; attempt++) expect((await login(account.email, 'wrong-password', ip)).statusCode).toBe(401);
      expect((await login(account.email, account.password, ip)).statusCode).toBe(200);
    }
  });
});

describe('a burst of parallel guesses', () => {
  it('cannot slip past the delays: of twenty at once from one client, only the four before the first delay are checked', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(account.email, 'wrong-password', ip)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(16);
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
