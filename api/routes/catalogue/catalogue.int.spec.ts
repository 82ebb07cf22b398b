import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteRide, rideInputSchemas } from '../../../commands/ride/index.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';

let bed: ApiTestBed;
let admin: SignedIn;
let staff: SignedIn;
let rider: SignedIn;
beforeAll(async () => {
  // 06:00 UTC is 08:00 in Lusaka: the morning rush.
  bed = await startApiTestBed({ startAt: new Date('2026-12-01T06:00:00Z') });
  [admin, staff, rider] = await Promise.all([bed.signIn('admin'), bed.signIn('staff'), bed.signIn('passenger')]);
});
afterAll(() => bed.close());

const get = (url: string, who?: SignedIn) => bed.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const quote = (payload: object, who?: SignedIn) =>
  bed.app.inject({ method: 'POST', url: '/api/fares/quote', payload, headers: who?.headers ?? {} });

const freedomPark = { lat: -12.8024, lng: 28.2136 };
const copperbeltUniversity = { lat: -12.8074, lng: 28.2441 };
const trip = { vehicleType: 'car', pickup: freedomPark, dropoff: copperbeltUniversity, pricingMethod: 'fixed' };

describe('the catalogue', () => {
  it('lists coming-soon vehicles to admin and staff only', async () => {
    const ids = async (who?: SignedIn) => (await get('/api/catalogue/vehicles', who)).json().vehicles.map((v: { id: string }) => v.id);
    expect(await ids()).toContain('car');
    expect(await ids()).not.toContain('deluxe');
    expect(await ids(rider)).not.toContain('deluxe');
    expect(await ids(admin)).toContain('deluxe');
    expect(await ids(staff)).toContain('deluxe');
    const car = (await get('/api/catalogue/vehicles')).json().vehicles.find((v: { id: string }) => v.id === 'car');
    expect(car).toMatchObject({
      name: 'Car',
      startingPriceNgwee: 2500,
      baseFareNgwee: 1500,
      load: { kind: 'passengers', maxPassengers: 4 },
    });
  });

  it('lists coming-soon towns to admin and staff only, and serves city pages', async () => {
    const visitor = (await get('/api/catalogue/cities')).json().cities.map((c: { id: string }) => c.id);
    expect(visitor).toHaveLength(8);
    expect(visitor).not.toContain('mpongwe');
    expect((await get('/api/catalogue/cities', admin)).json().cities).toHaveLength(11);

    const kitwe = await get('/api/catalogue/cities/kitwe');
    expect(kitwe.statusCode).toBe(200);
    expect(kitwe.json().city).toMatchObject({ name: 'Kitwe', status: 'active', estimatedFare: { minNgwee: 1500, maxNgwee: 8000 } });
    expect(kitwe.json().destinations.length).toBeGreaterThan(0);
    expect(kitwe.json().destinations.length).toBeLessThanOrEqual(6);

    expect((await get('/api/catalogue/cities/atlantis')).json()).toMatchObject({ code: 'not_found', message: 'City not found' });
    expect((await get('/api/catalogue/cities/mpongwe')).statusCode).toBe(404);
    expect((await get('/api/catalogue/cities/mpongwe', admin)).statusCode).toBe(200);
  });

  it('searches known places, and offers the popular destinations without a query', async () => {
    const found = (await get('/api/catalogue/places?q=kitwe%20hospital')).json();
    expect(found.query).toBe('kitwe hospital');
    expect(found.places[0]).toMatchObject({ id: 'kitwe-teaching-hospital', city: 'Kitwe' });
    expect(found.places[0].score).toBeGreaterThan(0);

    const popular = (await get('/api/catalogue/places')).json();
    expect(popular.query).toBeNull();
    expect(popular.places.map((p: { id: string }) => p.id)).toContain('copperbelt-university');
    expect(popular.places).toHaveLength(9);

    expect((await get('/api/catalogue/places?q=k')).json().places).toEqual([]);
    const tooMany = await get('/api/catalogue/places?q=mall&limit=50');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues[0].field).toBe('querystring.limit');
  });

  it('serves the payment catalogue under both paths', async () => {
    for (const url of ['/api/catalogue/payment-methods', '/api/payments/methods/catalogue']) {
      const body = (await get(url)).json();
      expect(body.paymentMethods.map((m: { id: string }) => m.id)).toEqual([
        'cash',
        'airtel_money',
        'mtn_money',
        'zamtel_kwacha',
        'credit_card',
        'debit_card',
        'bank_transfer',
      ]);
      // The test bed runs the sandbox, which collects every wallet; no provider collects cards or bank transfers.
      expect(body.paymentMethods.filter((m: { isAvailable: boolean }) => m.isAvailable).map((m: { id: string }) => m.id)).toEqual([
        'cash',
        'airtel_money',
        'mtn_money',
        'zamtel_kwacha',
      ]);
      expect(body.providers.find((p: { id: string }) => p.id === 'zanaco')).toEqual({ id: 'zanaco', name: 'Zanaco', type: 'bank' });
    }
  });
});

describe('POST /api/fares/quote', () => {
  it('quotes exactly what booking the same trip would lock in, with receipt lines that add up', async () => {
    const response = await quote(trip);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const booking = rideInputSchemas.RequestRide.parse({
      ...trip,
      pickup: { ...freedomPark, address: 'Freedom Park' },
      dropoff: { ...copperbeltUniversity, address: 'CBU' },
      paymentMethod: 'cash',
      passengerCount: 1,
    });
    const locked = quoteRide(booking, bed.settings, bed.clock.now());
    expect(body.totalNgwee).toBe(locked.totalNgwee);
    expect(body.bounds).toEqual({ floorNgwee: locked.floorNgwee, ceilingNgwee: locked.ceilingNgwee });
    expect(body.receipt.reduce((sum: number, line: { amountNgwee: number }) => sum + line.amountNgwee, 0)).toBe(body.totalNgwee);
    expect(body).toMatchObject({
      conditions: { hour: 8, surge: 'none' },
      timeOfDay: 'peak',
      settings: { surgeEnabled: false, weather: 'clear' },
    });
  });

  it('prices the current settings: surge switched on in the 08:00 rush raises the total', async () => {
    const before = (await quote(trip)).json();
    bed.settings.surgeEnabled = true;
    try {
      const surged = (await quote(trip)).json();
      expect(surged.conditions.surge).toBe('medium');
      expect(surged.totalNgwee).toBeGreaterThan(before.totalNgwee);
      expect(surged.receipt.map((line: { kind: string }) => line.kind)).toContain('surge');
    } finally {
      bed.settings.surgeEnabled = false;
    }
  });

  it('prices every leg through the stops', async () => {
    const direct = (await quote(trip)).json();
    const viaMall = (await quote({ ...trip, stops: [{ lat: -12.8085, lng: 28.2255 }] })).json();
    expect(viaMall.distanceKm).toBeGreaterThan(direct.distanceKm);
    expect(viaMall.totalNgwee).toBeGreaterThan(direct.totalNgwee);
  });

  it('prices a scheduled trip for when it runs', async () => {
    const midday = (await quote({ ...trip, scheduledFor: '2026-12-02T10:00:00Z' })).json();
    expect(midday).toMatchObject({ conditions: { hour: 12 }, timeOfDay: 'normal', pricedFor: '2026-12-02T10:00:00.000Z' });
  });

  it('refuses bad input naming the field, and coming-soon services to everyone but admin and staff', async () => {
    const outside = await quote({ ...trip, pickup: { lat: 200, lng: 28.2 } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().issues[0].field).toBe('body.pickup.lat');
    const noVehicle = await quote({ pickup: freedomPark, dropoff: copperbeltUniversity });
    expect(noVehicle.statusCode).toBe(400);
    expect(noVehicle.json().issues[0].field).toBe('body.vehicleType');

    expect((await quote({ ...trip, vehicleType: 'deluxe' })).statusCode).toBe(403);
    expect((await quote({ ...trip, vehicleType: 'deluxe' }, rider)).json()).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('vehicleType'),
    });
    expect((await quote({ ...trip, vehicleType: 'deluxe' }, admin)).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes every product route with its request and a typed success response', async () => {
    const document = (await get('/docs/json')).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const ours = Object.entries(document.paths).filter(([path]) =>
      /^\/api\/(catalogue|fares|drivers|route-encodings|payments|support|admin)\b/.test(path),
    );
    const operations = ours.flatMap(([, byMethod]) => Object.keys(byMethod));
    expect(operations.length).toBeGreaterThanOrEqual(39);
    for (const [path, operations] of ours) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.entries(operation.responses ?? {}).find(([status]) => /^(2\d\d|501)$/.test(status));
        expect(success, `${method.toUpperCase()} ${path} has a success response`).toBeDefined();
        if (success![0] !== '204') expect(success![1].content, `${method.toUpperCase()} ${path} ${success![0]} has a schema`).toBeDefined();
      }
    }
  });
});
