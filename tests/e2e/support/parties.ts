/**
 * The people of a ride, made through the running server's real API (no database access): riders
 * and drivers sign up and turn on an authenticator app whose codes are computed from the secret
 * setup-mfa returns; the admin is the demo admin `npm start` seeds outside production (admins
 * cannot self-register). Requests go through a browser context's request API, so the session
 * cookie lands in that context and its pages are signed in.
 */
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext, APIResponse, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { demoAdmin } from '../../../tools/demo/roster.js';
import { driverDocumentKinds } from '../../../domain/driverVerification/documents.js';
import { baseUrl } from './browser.js';

export interface Party {
  userId: string;
  email: string;
  fullName: string;
  context: BrowserContext;
  /** The signed-in session's request API (shares the context's cookies). */
  api: APIRequestContext;
}

async function expectOk(response: APIResponse, step: string): Promise<any> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${step} answered ${response.status()}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export async function call(party: Pick<Party, 'api'>, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<any> {
  const response = await party.api.fetch(`${baseUrl()}${path}`, { method, ...(data === undefined ? {} : { data }) });
  return expectOk(response, `${method} ${path}`);
}

const code = (secret: string, at = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

/** A passenger or driver account with a verified authenticator app, signed in within `context`. */
export async function signUp(
  context: BrowserContext,
  userType: 'passenger' | 'driver',
  fullName: string,
  phoneNumber?: string,
): Promise<Party> {
  const api = context.request;
  const email = `${userType}-${randomUUID().slice(0, 8)}@e2e.tiyende.app`;
  const password = `pw-${randomUUID()}`;
  const registered = await expectOk(
    await api.post(`${baseUrl()}/api/auth/register`, { data: { email, password, confirmPassword: password, fullName, userType, ...(phoneNumber ? { phoneNumber } : {}) } }),
    'register',
  );
  const userId: string = registered.userId;
  const setup = await expectOk(await api.post(`${baseUrl()}/api/auth/setup-mfa`, { data: { userId, method: 'totp' } }), 'setup-mfa');
  await expectOk(await api.post(`${baseUrl()}/api/auth/verify-mfa`, { data: { userId, code: code(setup.secret) } }), 'verify-mfa');
  return { userId, email, fullName, context, api };
}

/**
 * The demo admin, signed in within `context`: the session the global setup opened once (an
 * authenticator code is accepted once, so a sign-in per file would wait for the next 30 s window).
 */
export async function signInAdmin(context: BrowserContext): Promise<Party> {
  await context.addCookies(inject('e2eAdminCookies'));
  const api = context.request;
  const session = await expectOk(await api.get(`${baseUrl()}/api/auth/session`), 'the demo admin’s shared session');
  if (session.user?.email !== demoAdmin.email) throw new Error(`The shared admin session is not the demo admin’s: ${JSON.stringify(session)}`);
  return { userId: session.user.id, email: demoAdmin.email, fullName: demoAdmin.fullName, context, api };
}

/** A driver's application through the API: a vehicle of `vehicleType` and the six documents, good for years. */
export function driverApplication(vehicleType: string, plateNumber: string) {
  return {
    licenceNumber: `ZL-${randomUUID().slice(0, 6).toUpperCase()}`,
    vehicle: { make: 'Toyota', model: 'Corolla', year: 2018, colour: 'Silver', plateNumber, type: vehicleType },
    documents: driverDocumentKinds.map((kind) => ({ kind, reference: `${kind.toUpperCase()}-E2E`, expiresOn: '2031-12-31' })),
  };
}

/** An admin approves the driver's application (PATCH /api/admin/drivers/:id/verify). */
export const approve = (admin: Party, driver: Party) => decide(admin, driver, { verificationStatus: 'approved' });

/** An admin rejects it, saying why. */
export const reject = (admin: Party, driver: Party, reason: string) => decide(admin, driver, { verificationStatus: 'rejected', reason });

/** A driver signed up in `context` (their phone number given when told) whose car application (`plateNumber`) an admin approved. */
export async function approvedDriver(
  admin: Party,
  context: BrowserContext,
  fullName: string,
  { plateNumber, phoneNumber }: { plateNumber: string; phoneNumber?: string },
): Promise<Party> {
  const driver = await signUp(context, 'driver', fullName, phoneNumber);
  await call(driver, 'POST', '/api/drivers/register', driverApplication('car', plateNumber));
  await approve(admin, driver);
  return driver;
}

/**
 * A driver on duty for one browser test file: signed up in a context of `newContext` (at
 * Parklands), their `vehicleType` car (plate `<platePrefix> <first letters of their id>`) approved,
 * the approval read back, and online at Parklands. Each file books its own vehicle type, so no
 * other file's dispatch reaches its drivers.
 */
export async function driverOnDuty(
  admin: Party,
  newContext: (geolocation?: { lat: number; lng: number }) => Promise<BrowserContext>,
  { name, vehicleType, platePrefix }: { name: string; vehicleType: string; platePrefix: string },
): Promise<Party> {
  const driver = await signUp(await newContext(places.parklands), 'driver', name);
  await call(driver, 'POST', '/api/drivers/register', driverApplication(vehicleType, `${platePrefix} ${driver.userId.slice(0, 4).toUpperCase()}`));
  await approve(admin, driver);
  await eventually(() => call(driver, 'GET', `/api/drivers/user/${driver.userId}`), (profile) => profile.verificationStatus === 'approved');
  await call(driver, 'PATCH', `/api/drivers/${driver.userId}/status`, { isOnline: true, location: places.parklands });
  return driver;
}

async function decide(admin: Party, driver: Party, decision: Record<string, string>): Promise<void> {
  // The application reaches the admin's read model a moment after it was accepted.
  for (let attempt = 0; ; attempt++) {
    const response = await admin.api.fetch(`${baseUrl()}/api/admin/drivers/${driver.userId}/verify`, { method: 'PATCH', data: decision });
    if (response.ok()) return;
    if (attempt >= 20) await expectOk(response, `${decision.verificationStatus} the driver`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const places = {
  freedomPark: { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 },
  copperbeltUniversity: { address: 'Copperbelt University, Kitwe', lat: -12.8074, lng: 28.2441 },
  /** About 1.1 km from Freedom Park: where the driver's phone says it is. */
  parklands: { address: 'Parklands, Kitwe', lat: -12.7925, lng: 28.2136 },
} as const;

/** POST /api/rides in the booking screen's shape. */
export function rideRequest(vehicleType: string, overrides: Record<string, unknown> = {}) {
  return {
    vehicleType,
    pickupLocation: places.freedomPark,
    dropoffLocation: places.copperbeltUniversity,
    multipleDestinations: [],
    pricingMethod: 'fixed',
    paymentMethod: 'cash',
    isScheduled: false,
    scheduledFor: null,
    ...overrides,
  };
}

/** Resolves when `check` holds, polling every 200 ms; fails with the last value after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

/**
 * Elements of the page's main content that stick out past the viewport's right edge (360 px
 * phones), leaving out what sits inside a container that scrolls or clips sideways on purpose.
 */
export function overflowingInMain(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .filter((element) => {
        for (let parent = element.parentElement; parent && parent.tagName !== 'MAIN'; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== 'visible') return false;
        }
        return true;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}: ${(element.textContent ?? '').slice(0, 40)}`),
  );
}
