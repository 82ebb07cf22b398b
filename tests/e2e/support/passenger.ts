import type { BrowserContext } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { baseUrl } from './browser.js';

/** Registers a new passenger through the real API in this browser context and passes MFA (TOTP). */
export async function signInNewPassenger(context: BrowserContext): Promise<void> {
  const api = context.request;
  const email = `rider.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.zm`;
  const registered = await api.post(`${baseUrl()}/api/auth/register`, {
    data: { email, password: 'copper-belt-1', confirmPassword: 'copper-belt-1', fullName: 'Chanda Mulenga', userType: 'passenger' },
  });
  expect(registered.status()).toBe(201);
  const { userId } = (await registered.json()) as { userId: string };
  const enrolled = await api.post(`${baseUrl()}/api/auth/setup-mfa`, { data: { userId, method: 'totp' } });
  const { secret } = (await enrolled.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  const verified = await api.post(`${baseUrl()}/api/auth/verify-mfa`, { data: { userId, code } });
  expect(verified.status()).toBe(200);
}
