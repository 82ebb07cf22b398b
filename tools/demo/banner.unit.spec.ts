import { URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { demoBanner } from './banner.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoAccounts } from './roster.js';
import { demoCode } from './totp.js';

describe('the start-up banner', () => {
  const banner = demoBanner('http://localhost:3000', { accountsCreated: 0, commandsApplied: 0, driverProblems: [] });

  it('lists every demo account with the password, the secret and how to get a code', () => {
    for (const account of demoAccounts()) expect(banner).toContain(account.email);
    expect(banner).toContain(DEMO_PASSWORD);
    expect(banner).toContain(DEMO_TOTP_SECRET);
    expect(banner).toContain('npm run demo:code');
    expect(banner).toContain('npm run simulate');
  });

  it("prints an otpauth URL whose codes are the server's", () => {
    const url = banner.match(/otpauth:\/\/\S+/)![0];
    const totp = URI.parse(url);
    const at = new Date('2026-12-01T08:00:12Z');
    expect(totp.generate({ timestamp: at.getTime() })).toBe(demoCode(at));
  });

  it('says which drivers could not be verified, when any', () => {
    const troubled = demoBanner('http://localhost:3000', { accountsCreated: 0, commandsApplied: 0, driverProblems: [{ email: 'driver.x@demo.tiyende.app', problem: 'refused' }] });
    expect(troubled).toContain('driver.x@demo.tiyende.app: refused');
  });
});
