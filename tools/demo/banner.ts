import { vehicleById } from '../../domain/catalogue/index.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoAccounts, demoAdmin, demoDrivers, demoRiders } from './roster.js';
import { demoOtpauthUrl } from './totp.js';
import type { DemoSeedReport } from './seed.js';

/** What a newcomer reads when `npm start` is up: where to go, whom to sign in as, and how to pass MFA. */
export function demoBanner(url: string, report: DemoSeedReport): string {
  const townName = (town: string) => town[0]!.toUpperCase() + town.slice(1);
  const width = Math.max(...demoAccounts().map((account) => account.email.length)) + 2;
  const lines = [
    '',
    '──────────────── Tiyende demo ────────────────',
    `Open ${url}`,
    `Password for every demo account: ${DEMO_PASSWORD}`,
    'Second factor (authenticator app, the same for every demo account):',
    `  secret      ${DEMO_TOTP_SECRET}`,
    `  otpauth URL ${demoOtpauthUrl('demo accounts')}`,
    '  or run `npm run demo:code` to print the current 6-digit code',
    '',
    'Admin (signs in at the admin sign-in, POST /api/auth/admin-login):',
    `  ${demoAdmin.email}`,
    'Riders:',
    ...demoRiders.map((rider) => `  ${rider.email.padEnd(width)} ${rider.fullName}, ${townName(rider.town)}${rider.simulated ? ' (used by npm run simulate)' : ''}`),
    'Drivers (verified, offline until they go online):',
    ...demoDrivers.map(
      (driver) =>
        `  ${driver.email.padEnd(width)} ${driver.fullName}, ${townName(driver.town)}, ${vehicleById(driver.vehicleType).name} ${driver.vehicle.plateNumber}, ${driver.phoneNumber} (demo number)`,
    ),
    '',
    'See rides flow: `npm run simulate` in another terminal.',
    ...(report.driverProblems.length > 0
      ? ['', 'Some demo drivers could not be verified:', ...report.driverProblems.map((p) => `  ${p.email}: ${p.problem}`)]
      : []),
    '──────────────────────────────────────────────',
    '',
  ];
  return lines.join('\n');
}
