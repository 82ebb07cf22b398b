import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';

let bed: ApiTestBed;
let payer: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  [payer, other] = await Promise.all([bed.signIn('passenger'), bed.signIn('driver')]);
});
afterAll(() => bed.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: SignedIn, payload?: object) =>
  bed.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

describe('saved payment methods', () => {
  it('saves accounts masked and unverified; the first is the default until another is made so', async () => {
    const airtel = await call('POST', '/api/payments/methods', payer, { provider: 'airtel_money', accountNumber: '0971 234 567' });
    expect(airtel.statusCode).toBe(201);
    expect(airtel.json()).toMatchObject({
      type: 'mobile_money',
      provider: 'airtel_money',
      providerName: 'Airtel Money',
      accountNumber: '•••• 4567',
      isDefault: true,
      isVerified: false,
    });

    const bank = await call('POST', '/api/payments/methods', payer, {
      provider: 'zanaco',
      accountNumber: '1234-5678-9012',
      isDefault: true,
    });
    expect(bank.json()).toMatchObject({ type: 'bank', accountNumber: '•••• 9012', isDefault: true });

    const listed = (await call('GET', '/api/payments/methods', payer)).json().methods;
    expect(listed.map((method: { provider: string; isDefault: boolean }) => [method.provider, method.isDefault])).toEqual([
      ['zanaco', true],
      ['airtel_money', false],
    ]);
    expect(JSON.stringify(listed)).not.toContain('234 567');
    expect((await call('GET', '/api/payments/methods', other)).json().methods).toEqual([]);

    // The same account written another way is the same account.
    const twice = await call('POST', '/api/payments/methods', payer, { provider: 'airtel_money', accountNumber: '+260971234567' });
    expect(twice.statusCode).toBe(409);
  });

  it('removes only your own accounts, handing the default on', async () => {
    const [first] = (await call('GET', '/api/payments/methods', payer)).json().methods;
    expect((await call('DELETE', `/api/payments/methods/${first.id}`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/payments/methods/${first.id}`, payer)).statusCode).toBe(204);
    const left = (await call('GET', '/api/payments/methods', payer)).json().methods;
    expect(left).toHaveLength(1);
    expect(left[0].isDefault).toBe(true);
    expect((await call('DELETE', `/api/payments/methods/${randomUUID()}`, payer)).statusCode).toBe(404);
  });

  it('refuses unknown providers and unusable account numbers naming the field, and visitors', async () => {
    const unknown = await call('POST', '/api/payments/methods', payer, { provider: 'paypal', accountNumber: '12345678' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].field).toBe('body.provider');
    const notAPhone = await call('POST', '/api/payments/methods', payer, { provider: 'mtn_money', accountNumber: '12345' });
    expect(notAPhone.statusCode).toBe(400);
    expect(notAPhone.json().issues[0].field).toBe('body.accountNumber');
    expect((await call('POST', '/api/payments/methods', payer, { provider: 'absa', accountNumber: 'ABC' })).statusCode).toBe(400);
    expect((await call('GET', '/api/payments/methods')).statusCode).toBe(401);
  });
});
