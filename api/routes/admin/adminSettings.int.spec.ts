import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_SETTINGS_STREAM } from '../../../domain/platformSettings/index.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { approvedDriver, call, places, rideRequest, settled, type TestDriver } from '../../../tests/journeys/kit.js';

let bed: ApiTestBed;
let admin: SignedIn;
let rider: SignedIn;
let mwila: TestDriver;
beforeAll(async () => {
  // 06:00 UTC is 08:00 in Lusaka, the morning rush: surge, when on, applies.
  bed = await startApiTestBed({ settingsFromEvents: true, startAt: new Date('2026-12-01T06:00:00Z') });
  [admin, rider, mwila] = await Promise.all([bed.signIn('admin', { fullName: 'Natasha Mwale' }), bed.signIn('passenger'), approvedDriver(bed, { at: places.parklands })]);
});
afterAll(() => bed.close());

const put = (payload: unknown, who: SignedIn | null = admin) =>
  bed.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: who?.headers ?? {}, payload: payload as object });
const getSettings = async () => (await call(bed, admin, 'GET', '/api/admin/settings')).body;
const quote = async () =>
  (await call(bed, rider, 'POST', '/api/fares/quote', { vehicleType: 'car', pickup: places.freedomPark, dropoff: places.copperbeltUniversity, pricingMethod: 'fixed' })).body;

describe('platform settings, event-sourced', () => {
  it('shows the defaults until an admin changes anything', async () => {
    expect(await getSettings()).toMatchObject({
      settings: { surgeEnabled: false, weather: 'clear', bidWindowSeconds: 120, searchWindowSeconds: 600, scheduledDispatchLeadMinutes: 15 },
      changedAt: null,
      changedBy: null,
      limits: { bidWindowSeconds: { min: 30, max: 600 } },
    });
  });

  it('refuses a bad value naming the field, and changes nothing', async () => {
    for (const [body, field] of [
      [{ bidWindowSeconds: 5 }, 'bidWindowSeconds'],
      [{ searchWindowSeconds: 'long' }, 'searchWindowSeconds'],
      [{ weather: 'snow' }, 'weather'],
      [{ surgeEnabled: 'yes' }, 'surgeEnabled'],
      [{ scheduledDispatchLeadMinutes: 500 }, 'scheduledDispatchLeadMinutes'],
      [{ surge: true }, 'surge'],
      [{}, 'at least one setting'],
    ] as const) {
      const refused = await put(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).toContain(field);
    }
    expect(await bed.store.readStream(PLATFORM_SETTINGS_STREAM)).toHaveLength(0);
    expect((await put({ weather: 'rain' }, rider)).statusCode).toBe(403);
  });

  it('after surge on and rain, the next quote is higher and the booked ride records the conditions it was priced under', async () => {
    const before = await quote();
    expect(before.settings).toEqual({ surgeEnabled: false, weather: 'clear' });

    const changed = await put({ surgeEnabled: true, weather: 'rain' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      settings: { surgeEnabled: true, weather: 'rain', bidWindowSeconds: 120 },
      changedBy: { userId: admin.user.id, name: 'Natasha Mwale' },
    });

    const after = await quote();
    expect(after.settings).toEqual({ surgeEnabled: true, weather: 'rain' });
    expect(after.multipliers).toMatchObject({ surge: 1.5, weather: 1.1 });
    expect(after.totalNgwee).toBeGreaterThan(before.totalNgwee);

    const booked = await call(bed, rider, 'POST', '/api/rides', rideRequest());
    expect(booked.status).toBe(201);
    const [requested] = await bed.store.readStream(`ride-${booked.body.id}`);
    expect(requested!.type).toBe('RideRequested');
    const locked = requested!.data as { quote: { totalNgwee: number; breakdown: { conditions: { surge: string; weather: string } } } };
    expect(locked.quote.totalNgwee).toBe(after.totalNgwee);
    expect(locked.quote.breakdown.conditions).toMatchObject({ surge: 'medium', weather: 'rain' });

    const [event] = await bed.store.readStream(PLATFORM_SETTINGS_STREAM, { direction: 'backwards', maxCount: 1 });
    expect(event).toMatchObject({
      type: 'PlatformSettingsChanged',
      data: { changed: ['surgeEnabled', 'weather'], previous: { surgeEnabled: false, weather: 'clear' } },
      metadata: { userId: admin.user.id, role: 'admin' },
    });
  });

  it('a new bid window applies to the next bid placed', async () => {
    expect((await put({ bidWindowSeconds: 45 })).json().settings.bidWindowSeconds).toBe(45);
    const booked = await call(bed, rider, 'POST', '/api/rides', rideRequest({ pricingMethod: 'bidding', proposedFare: 40 }));
    expect(booked.status).toBe(201);
    await settled(bed);
    const placed = await call(bed, mwila, 'POST', '/api/bids', { rideId: booked.body.id, bidAmount: 42, message: 'Near you' });
    expect(placed.status).toBe(201);
    expect(Date.parse(placed.body.expiresAt) - Date.parse(placed.body.placedAt)).toBe(45_000);
  });

  it('saving the same values again records nothing', async () => {
    const events = (await bed.store.readStream(PLATFORM_SETTINGS_STREAM)).length;
    expect((await put({ bidWindowSeconds: 45, weather: 'rain' })).statusCode).toBe(200);
    expect(await bed.store.readStream(PLATFORM_SETTINGS_STREAM)).toHaveLength(events);
  });

  it('feeds the dashboard’s recent activity, with who changed what', async () => {
    await settled(bed);
    const { activity } = (await call(bed, admin, 'GET', '/api/admin/activity?limit=50')).body;
    const settingsChanges = activity.filter((entry: { kind: string }) => entry.kind === 'settings_changed');
    expect(settingsChanges.map((entry: { details: { changed: string[] } }) => entry.details.changed)).toEqual([['bidWindowSeconds'], ['surgeEnabled', 'weather']]);
    expect(settingsChanges[0].actor).toEqual({ userId: admin.user.id, role: 'admin', name: 'Natasha Mwale' });
    const requested = activity.find((entry: { kind: string }) => entry.kind === 'ride_requested');
    expect(requested.subject.label).toBe('Freedom Park, Kitwe → Copperbelt University, Kitwe');
    expect((await call(bed, admin, 'GET', '/api/admin/activity?limit=0')).status).toBe(400);
    expect((await call(bed, rider, 'GET', '/api/admin/activity')).status).toBe(403);
  });
});
