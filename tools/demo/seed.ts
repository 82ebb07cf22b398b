import type { Logger } from 'pino';
import { approveDriver, submitDriverApplication } from '../../commands/driverVerification/index.js';
import { uuidV5, type CommandContext, type CommandServices } from '../../commands/shared/index.js';
import { driverDocumentKinds, lusakaDate, type DriverDocument } from '../../domain/driverVerification/index.js';
import {
  type AccountsContext,
  AuthError,
  findUserByEmail,
  hashPassword,
  insertUser,
  updateUser,
  type UserRow,
  type UserType,
} from '../../accounts/index.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoAdmin, demoDrivers, demoRiders, type DemoDriver, type DemoPerson } from './roster.js';

/**
 * Puts the demo people in place, the way the product would: accounts through the accounts
 * repository (an admin never registers, so that is the only door for them anyway), drivers'
 * applications and the admin's approvals through the real command handlers, so the events exist
 * and every read model sees demo drivers like any other.
 *
 * Idempotent: an account that exists is left as it is (a password someone changed stays changed),
 * and each command's id is derived from a fixed name, so a restart appends nothing again.
 */

export interface SeedDeps {
  accounts: Pick<AccountsContext, 'db' | 'clock'>;
  commands: CommandServices;
  logger: Logger;
}

export interface DemoSeedReport {
  /** Accounts this run created (0 on every start after the first). */
  accountsCreated: number;
  /** Driver applications and approvals this run appended. */
  commandsApplied: number;
  /** Drivers whose application or approval was refused (with why); empty when all is well. */
  driverProblems: Array<{ email: string; problem: string }>;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export async function seedDemoData({ accounts, commands, logger }: SeedDeps): Promise<DemoSeedReport> {
  const report: DemoSeedReport = { accountsCreated: 0, commandsApplied: 0, driverProblems: [] };
  let passwordHash: Promise<string> | undefined;
  // One hash for every account created in this run: argon2 is slow on purpose, and it is one password.
  const hash = () => (passwordHash ??= hashPassword(DEMO_PASSWORD));

  const ensure = async (person: DemoPerson, userType: UserType): Promise<UserRow> => {
    const { user, created } = await ensureAccount(accounts, person, userType, hash);
    if (created) report.accountsCreated += 1;
    return user;
  };

  const admin = await ensure(demoAdmin, 'admin');
  for (const rider of demoRiders) await ensure(rider, 'passenger');
  for (const driver of demoDrivers) {
    const user = await ensure(driver, 'driver');
    try {
      report.commandsApplied += await verifyDriver(commands, driver, user.id, admin.id);
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      report.driverProblems.push({ email: driver.email, problem });
      logger.warn({ email: driver.email, err: error }, 'demo driver not verified');
    }
  }
  logger.info(
    { accountsCreated: report.accountsCreated, commandsApplied: report.commandsApplied, drivers: demoDrivers.length, problems: report.driverProblems.length },
    'demo data ready',
  );
  return report;
}

/**
 * The account, created with the demo password and the demo authenticator secret when missing. An
 * account left without a second factor (a start stopped between the two writes) gets it now;
 * one whose factor someone changed keeps theirs.
 */
async function ensureAccount(
  accounts: SeedDeps['accounts'],
  person: DemoPerson,
  userType: UserType,
  hash: () => Promise<string>,
): Promise<{ user: UserRow; created: boolean }> {
  const { db } = accounts;
  const now = accounts.clock.now();
  let user = await findUserByEmail(db, person.email);
  let created = false;
  if (!user) {
    try {
      user = await insertUser(db, { email: person.email, passwordHash: await hash(), fullName: person.fullName, userType, ...(person.phoneNumber ? { phoneNumber: person.phoneNumber } : {}) }, now);
      created = true;
    } catch (error) {
      // Another instance starting at the same moment created it first.
      if (!(error instanceof AuthError && error.code === 'email_taken')) throw error;
      user = (await findUserByEmail(db, person.email))!;
    }
  }
  // Demo drivers seeded before they had numbers get theirs; a number someone set stays.
  if (person.phoneNumber && user.phone_number === null) {
    user = await updateUser(db, user.id, { phone_number: person.phoneNumber }, now);
  }
  if (!user.mfa_enabled && !user.totp_secret) {
    user = await updateUser(db, user.id, { mfa_method: 'totp', mfa_enabled: true, totp_secret: DEMO_TOTP_SECRET, pending_totp_secret: null }, now);
  }
  return { user, created };
}

/** The application (documents good for a year from today) and the demo admin's approval. */
async function verifyDriver(commands: CommandServices, driver: DemoDriver, userId: string, adminId: string): Promise<number> {
  const expiresOn = lusakaDate(new Date(commands.clock.now().getTime() + YEAR_MS));
  const documents: DriverDocument[] = driverDocumentKinds.map((kind, index) => ({
    kind,
    reference: `${driver.licenceNumber}-${index + 1}`,
    expiresOn,
  }));
  const submitted = await submitDriverApplication(
    commands,
    { driverId: userId, licenceNumber: driver.licenceNumber, vehicle: driver.vehicle, documents },
    seedContext('submit', driver.email, { userId, role: 'driver' }),
  );
  const approved = await approveDriver(commands, { driverId: userId }, seedContext('approve', driver.email, { userId: adminId, role: 'admin' }));
  return [submitted, approved].filter((result) => !result.repeated && result.events.length > 0).length;
}

/** A command id named after the step and the person: the same on every start, so a repeat is recognised. */
function seedContext(step: string, email: string, actor: CommandContext['actor']): CommandContext {
  const commandId = uuidV5(`demo-seed\u0000${step}\u0000${email}`);
  return { commandId, correlationId: `demo-seed-${step}`, actor };
}
