/**
 * Signing in from tests the way a person does: through the real routes, with the second factor.
 *
 *   const db = createKysely<AccountsDatabase>(createPool((await createTestDatabase('rides')).url));
 *   const accounts = await createTestAccounts(db);                  // migrates the accounts tables
 *   const app = await buildApp({ logger, health, accounts, … });
 *   const rider = await signInAs(app, accounts, 'passenger');        // register → TOTP → verify
 *   await app.inject({ method: 'POST', url: '/api/rides', headers: rider.headers, payload });
 *   const admin = await signInAs(app, accounts, 'admin');            // repository → admin-login → TOTP
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import pino from 'pino';
import { buildApp } from '../../api/app.js';
import {
  createAccounts,
  hashPassword,
  insertUser,
  migrateAccounts,
  type Accounts,
  type AccountsDatabase,
  type AccountsOptions,
  type PublicUser,
  type UserType,
} from '../../accounts/index.js';
import type { App } from '../../api/types.js';
import type { Clock } from '../../platform/clock.js';
import { createKysely, createPool } from '../../platform/database/connect.js';
import { createTestDatabase } from './database.js';

/** A clock that moves only when told: codes expire, cooldowns pass, on demand. */
export class FakeClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-12-01T08:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** Accounts over a test database (log transport: codes land in `accounts.outbox`). */
export async function createTestAccounts(db: Kysely<AccountsDatabase>, options: Partial<Omit<AccountsOptions, 'db'>> = {}): Promise<Accounts> {
  await migrateAccounts(db);
  return createAccounts({ db, logger: pino({ level: 'silent' }), environment: 'test', secret: 'test-secret-'.padEnd(40, 'x'), ...options });
}

export interface AccountsTestBed {
  app: App;
  accounts: Accounts;
  clock: FakeClock;
  db: Kysely<AccountsDatabase>;
  close(): Promise<void>;
}

/** An app with only accounts wired, on its own database, with a fake clock. */
export async function startAccountsTestBed(options: Partial<Omit<AccountsOptions, 'db' | 'clock'>> = {}): Promise<AccountsTestBed> {
  const database = await createTestDatabase('accounts');
  const db = createKysely<AccountsDatabase>(createPool(database.url, 4));
  const clock = new FakeClock();
  const accounts = await createTestAccounts(db, { clock, ...options });
  const app = await buildApp({
    logger: pino({ level: 'silent' }),
    health: async () => {
      throw new Error('no health check in the accounts test bed');
    },
    accounts,
  });
  return {
    app,
    accounts,
    clock,
    db,
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
    },
  };
}

export interface SignedIn {
  user: PublicUser;
  /** `tiyende_session=…`, for a `cookie` header. */
  cookie: string;
  headers: { cookie: string };
  email: string;
  password: string;
  totpSecret: string;
  backupCodes: string[];
}

/** The `name=value` of the session cookie a response set, or undefined. */
export function sessionCookieFrom(response: { cookies: Array<{ name: string; value: string }> }): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === 'tiyende_session');
  return cookie && cookie.value ? `${cookie.name}=${cookie.value}` : undefined;
}

export function totpCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
}

/**
 * A signed-in, MFA-verified user of the given type. Passengers and drivers register; admins and
 * staff cannot, so they are created through the accounts repository and sign in at admin-login
 * (staff through the main login). Either way the second factor is an authenticator app whose
 * code is computed from the secret setup-mfa returned.
 */
export async function signInAs(app: App, accounts: Accounts, userType: UserType, overrides: { email?: string; fullName?: string } = {}): Promise<SignedIn> {
  const email = overrides.email ?? `${userType}-${randomUUID().slice(0, 8)}@test.tiyende.app`;
  const password = `pw-${randomUUID()}`;
  const fullName = overrides.fullName ?? `Test ${userType}`;
  let cookie: string;
  let userId: string;
  if (userType === 'passenger' || userType === 'driver') {
    const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password, fullName, userType } });
    expectStatus(registered, 201, 'register');
    userId = registered.json().userId;
    cookie = sessionCookieFrom(registered)!;
  } else {
    const now = accounts.context.clock.now();
    await insertUser(accounts.context.db, { email, passwordHash: await hashPassword(password), fullName, userType }, now);
    const url = userType === 'admin' ? '/api/auth/admin-login' : '/api/auth/login';
    const login = await app.inject({ method: 'POST', url, payload: { email, password } });
    expectStatus(login, 200, url);
    userId = login.json().userId;
    cookie = sessionCookieFrom(login)!;
  }

  const setup = await app.inject({ method: 'POST', url: '/api/auth/setup-mfa', headers: { cookie }, payload: { userId, method: 'totp' } });
  expectStatus(setup, 200, 'setup-mfa');
  const { secret, backupCodes } = setup.json() as { secret: string; backupCodes: string[] };
  const code = totpCode(secret, accounts.context.clock.now());
  const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-mfa', headers: { cookie }, payload: { userId, code } });
  expectStatus(verified, 200, 'verify-mfa');
  const signedIn = sessionCookieFrom(verified)!;
  return { user: verified.json().user, cookie: signedIn, headers: { cookie: signedIn }, email, password, totpSecret: secret, backupCodes };
}

function expectStatus(response: { statusCode: number; body: string }, status: number, step: string): void {
  if (response.statusCode !== status) throw new Error(`${step} answered ${response.statusCode}: ${response.body}`);
}
