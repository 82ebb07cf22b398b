import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { App } from '../../types.js';
import { createTestAccounts, sessionCookieFrom, signInAs, startAccountsTestBed, totpCode, type AccountsTestBed } from '../../../tests/support/accounts.js';

/**
 * Two API replicas over one database (behind a load balancer a user's requests land on either):
 * a one-time code sent by one is verified by the other and then spent on both, an authenticator
 * code used on one is refused on the other, and a code's wrong guesses count on both.
 */
let bed: AccountsTestBed;
let replica: App;
// Sign-in throttling (shared too: rateLimits.int.spec.ts, the fault suite) kept out of the way of the code's own lock.
const policy = { maxFailuresPerWindow: 100, maxFailuresPerIpPerWindow: 100 };
beforeAll(async () => {
  bed = await startAccountsTestBed({ policy });
  replica = await buildApp({
    logger: pino({ level: 'silent' }),
    health: async () => ({ status: 'ok' }) as never,
    accounts: await createTestAccounts(bed.db, { clock: bed.clock, policy }),
  });
});
afterAll(async () => {
  await replica?.close();
  await bed?.close();
});

const post = (app: App, url: string, payload: object, cookie?: string) => app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const sentTo = async (app: App, to: string): Promise<string> =>
  (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json().messages[0].code;

describe('one-time codes across two replicas', () => {
  it('an SMS code sent by one replica signs in on the other, once: the first replica refuses it after', async () => {
    const phone = '+260971234001';
    const registered = await post(bed.app, '/api/auth/register', { email: 'two-replicas@example.zm', password: 'secret1', fullName: 'Mwila Banda', phoneNumber: phone });
    expect(registered.statusCode).toBe(201);
    const { userId } = registered.json();
    const cookie = sessionCookieFrom(registered)!;
    expect((await post(bed.app, '/api/auth/setup-mfa', { userId, method: 'sms' }, cookie)).statusCode).toBe(200);
    const code = await sentTo(bed.app, phone);

    expect((await post(replica, '/api/auth/verify-mfa', { userId, code }, cookie)).statusCode).toBe(200);
    const replayed = await post(bed.app, '/api/auth/verify-mfa', { userId, code }, cookie);
    expect(replayed.statusCode).not.toBe(200);
  });

  it('wrong guesses at a code count on both: the fifth, wherever it lands, locks the code on either', async () => {
    const phone = '+260971234002';
    const registered = await post(bed.app, '/api/auth/register', { email: 'two-replicas-lock@example.zm', password: 'secret1', fullName: 'Chisomo Phiri', phoneNumber: phone });
    const { userId } = registered.json();
    const cookie = sessionCookieFrom(registered)!;
    await post(bed.app, '/api/auth/setup-mfa', { userId, method: 'sms' }, cookie);
    const right = await sentTo(bed.app, phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const app = attempt % 2 === 0 ? replica : bed.app;
      expect((await post(app, '/api/auth/verify-mfa', { userId, code: wrong }, cookie)).json().code).toBe('invalid_code');
    }
    const locked = await post(replica, '/api/auth/verify-mfa', { userId, code: right }, cookie);
    expect([locked.statusCode, locked.json().code]).toEqual([429, 'code_locked']);
  });

  it('an authenticator code accepted by one replica is refused by the other', async () => {
    const account = await signInAs(bed.app, bed.accounts, 'passenger');
    bed.clock.advance(30_000);
    const login = await post(bed.app, '/api/auth/login', { email: account.email, password: account.password });
    const pending = sessionCookieFrom(login)!;
    const code = totpCode(account.totpSecret, bed.clock.now());
    expect((await post(bed.app, '/api/auth/verify-mfa', { userId: account.user.id, code }, pending)).statusCode).toBe(200);
    const again = await post(replica, '/api/auth/login', { email: account.email, password: account.password });
    const onReplica = await post(replica, '/api/auth/verify-mfa', { userId: account.user.id, code }, sessionCookieFrom(again)!);
    expect(onReplica.statusCode).toBe(401);
  });
});
