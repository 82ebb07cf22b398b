import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInAs, startAccountsTestBed, type AccountsTestBed } from '../tests/support/accounts.js';
import { pruneAccounts } from './housekeeping.js';

let bed: AccountsTestBed;
beforeAll(async () => {
  bed = await startAccountsTestBed();
});
afterAll(() => bed.close());

it('prunes sessions and codes a day past their end, and keeps live ones', async () => {
  const ended = await signInAs(bed.app, bed.accounts, 'passenger');
  await bed.app.inject({ method: 'POST', url: '/api/auth/logout', headers: ended.headers });
  await bed.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ended.email, password: 'wrong-password' } });
  bed.clock.advance(25 * 3600_000);
  const live = await signInAs(bed.app, bed.accounts, 'passenger');

  const pruned = await pruneAccounts(bed.db, bed.accounts.context.policy, bed.clock.now());
  // The first user's pending and signed-in sessions (both ended), and the failed-login counters.
  expect(pruned.sessions).toBe(2);
  expect(pruned.counters).toBeGreaterThanOrEqual(1);
  const left = await bed.db.selectFrom('user_sessions').select('user_id').execute();
  expect(left.map((row) => row.user_id)).not.toContain(ended.user.id);
  expect((await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: live.headers })).statusCode).toBe(200);
});
