import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AccountsDatabase } from '../accounts/index.js';
import type { ProductDatabase } from '../product/index.js';
import { payerLookup } from './payments.js';

// A database handle that fails the test if anything queries it.
const untouchable = new Proxy({}, { get: () => { throw new Error('the database was queried'); } });

describe('payerLookup', () => {
  it('finds no payer for a rider id that names no account, without querying (the reactor records why and goes on)', async () => {
    const lookup = payerLookup(
      { gatewayFor: { mtn_money: 'sandbox', airtel_money: 'sandbox', zamtel_kwacha: 'sandbox' } as never },
      { accounts: untouchable as Kysely<AccountsDatabase>, product: untouchable as Kysely<ProductDatabase> },
    );
    await expect(lookup.payerPhoneOf('rider-1', 'mtn_money')).resolves.toBeNull();
  });
});
