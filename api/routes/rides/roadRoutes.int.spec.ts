import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatLng } from '../../../domain/catalogue/index.js';
import { haversineKm, distanceToPolylineKm } from '../../../domain/geo/index.js';
import { VERIFIED_ROUTES_ATTRIBUTION, type NetworkRoad, type RoadNetwork } from '../../../platform/routing/index.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, call, rideRequest, settled, type TestDriver } from '../../../tests/journeys/kit.js';
import { roadGrid } from '../../../tests/support/roadGrid.js';

/**
 * Quotes, rides and directions priced and drawn along the roads, through the API, on a generated
 * network (clearly not a real town): two street grids 1.5 km apart that no road joins, until a
 * contributor encodes the missing link and four others verify it.
 */
const west = roadGrid({ size: 6, spacingKm: 0.5 });
const eastCorner = west.offset(west.at(0, 0), 0, 4);
const east = roadGrid({ size: 6, spacingKm: 0.5, corner: eastCorner });
const residential = (road: { name: string; coordinates: LatLng[] }, side: string): NetworkRoad => ({
  name: `${side} ${road.name}`,
  ref: null,
  roadClass: 'residential',
  oneway: false,
  maxSpeedKmh: null,
  coordinates: road.coordinates,
});
const network: RoadNetwork = {
  source: 'openstreetmap',
  attribution: '© OpenStreetMap contributors',
  roads: [
    ...[...west.streets, ...west.avenues].map((road) => residential(road, 'West')),
    ...[...east.streets, ...east.avenues].map((road) => residential(road, 'East')),
  ],
};
/** The link a contributor walks: from the west grid's east edge to the east grid's west edge, 1.5 km. */
const linkStart = west.at(5, 2);
const link = [0, 1, 2, 3, 4, 5, 6].map((step) => west.offset(linkStart, 0, step * 0.25));

let bed: ApiTestBed;
let rider: SignedIn;
let author: SignedIn;
let voters: SignedIn[];
let driver: TestDriver;
beforeAll(async () => {
  bed = await startApiTestBed({ roads: network });
  [rider, author, ...voters] = await Promise.all([
    bed.signIn('passenger'),
    bed.signIn('driver'),
    bed.signIn('driver'),
    bed.signIn('passenger'),
    bed.signIn('driver'),
    bed.signIn('passenger'),
  ]);
  driver = await approvedDriver(bed, { at: west.at(0, 0) });
});
afterAll(() => bed.close());

const place = (point: LatLng, address: string) => ({ ...point, address });
const quote = (pickup: LatLng, dropoff: LatLng) =>
  call(bed, null, 'POST', '/api/fares/quote', { vehicleType: 'car', pricingMethod: 'fixed', pickup, dropoff, stops: [] });

describe('a quote along the roads', () => {
  it('prices the road distance, draws the route along the streets and credits the map data', async () => {
    const from = west.at(0, 0);
    const to = west.at(3, 2);
    const answer = await quote(from, to);
    expect(answer.status, answer.text).toBe(200);
    const { route } = answer.body;
    expect(route.source).toBe('road_network');
    // 1.5 km east and 1 km north along the grid, not the 1.8 km straight line.
    expect(route.distanceKm).toBeCloseTo(2.5, 1);
    expect(haversineKm(from, to)).toBeLessThan(1.9);
    expect(answer.body.distanceKm).toBeCloseTo(2.5, 1);
    // Residential streets at 25 km/h: 6 minutes, rounded up.
    expect(answer.body.durationMin).toBe(Math.ceil(route.durationMin));
    expect(route.durationMin).toBeCloseTo(6, 0);
    expect(route.geometry.length).toBeGreaterThanOrEqual(3);
    for (const point of route.geometry) {
      const nearest = Math.min(...network.roads.map((road) => distanceToPolylineKm(point, road.coordinates)));
      expect(nearest).toBeLessThan(0.01);
    }
    expect(route.attribution).toContain('OpenStreetMap');
  });

  it('keeps the route on the ride it books, and the driver gets directions along the roads to the pickup and on', async () => {
    const pickup = west.at(2, 0);
    const dropoff = west.at(4, 3);
    const quoted = (await quote(pickup, dropoff)).body;
    const booked = await call(bed, rider, 'POST', '/api/rides', rideRequest({ pickupLocation: place(pickup, 'Grid pickup'), dropoffLocation: place(dropoff, 'Grid dropoff') }));
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.route).toEqual(quoted.route);
    expect(booked.body.quote.totalNgwee).toBe(quoted.totalNgwee);
    const rideId = booked.body.id;
    await settled(bed);
    expect((await call(bed, driver, 'PATCH', `/api/rides/${rideId}`, { status: 'accepted' })).status).toBe(200);
    await settled(bed);

    const directions = await call(bed, driver, 'GET', `/api/rides/${rideId}/directions`);
    expect(directions.status, directions.text).toBe(200);
    expect(directions.body).toMatchObject({ rideId, to: 'pickup', from: 'driver' });
    // From the driver's corner: 1 km east to the pickup, then 1 km east and 1.5 km north.
    expect(directions.body.route.distanceKm).toBeCloseTo(3.5, 1);
    expect(directions.body.etaMinutes).toBe(Math.ceil((1 * 60) / 25));
    expect(directions.body.steps[0].maneuver.type).toBe('depart');
    expect(directions.body.steps.at(-1).maneuver.type).toBe('arrive');
    expect(directions.body.steps.some((step: { maneuver: { type: string } }) => step.maneuver.type === 'turn')).toBe(true);

    // The rider's ETA to the pickup follows the same streets: 1 km at 25 km/h, not the straight line at 30.
    const tracked = await call(bed, rider, 'GET', `/api/rides/${rideId}`);
    expect(tracked.body.eta).toEqual({ minutes: Math.ceil((1 * 60) / 25), to: 'pickup', basis: 'route' });

    // The rider sees the same; a stranger gets the 404 a missing ride gets.
    expect((await call(bed, rider, 'GET', `/api/rides/${rideId}/directions`)).status).toBe(200);
    expect((await call(bed, voters[0]!, 'GET', `/api/rides/${rideId}/directions`)).status).toBe(404);
  });
});

describe('where no road connects', () => {
  it('falls back to the straight line, and the ride it books says so', async () => {
    const pickup = west.at(1, 1);
    const dropoff = east.at(3, 3);
    const answer = await quote(pickup, dropoff);
    expect(answer.status).toBe(200);
    expect(answer.body.route.source).toBe('great_circle');
    const booked = await call(bed, rider, 'POST', '/api/rides', rideRequest({ pickupLocation: place(pickup, 'West grid'), dropoffLocation: place(dropoff, 'East grid') }));
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.route.source).toBe('great_circle');
    await settled(bed);
    const read = await call(bed, rider, 'GET', `/api/rides/${booked.body.id}`);
    expect(read.body.route.source).toBe('great_circle');
    expect(read.body.quote.receipt.length).toBeGreaterThan(0);
  });
});

describe('a verified route encoding', () => {
  it('joins the road network once four others verify it, and the quotes take it', async () => {
    const pickup = west.at(1, 1);
    const dropoff = east.at(3, 3);
    const before = (await quote(pickup, dropoff)).body;
    expect(before.route.source).toBe('great_circle');

    const encoded = await call(bed, author, 'POST', '/api/route-encodings', {
      startAddress: 'West grid, Street 2',
      endAddress: 'East grid, Street 2',
      streetNames: ['Link Road'],
      coordinates: link,
    });
    expect(encoded.status, encoded.text).toBe(201);
    const encodingId = encoded.body.id;
    for (const [index, voter] of voters.entries()) {
      const vote = await call(bed, voter, 'POST', `/api/route-encodings/${encodingId}/verify`, { isAccurate: true });
      expect(vote.status, vote.text).toBe(200);
      // Not yet verified: the router does not take it.
      if (index < voters.length - 1) {
        await settled(bed);
        await bed.routing!.refresh();
        expect((await quote(pickup, dropoff)).body.route.source).toBe('great_circle');
      }
    }
    await settled(bed);
    expect(await bed.routing!.refresh()).toBe(true);

    const after = (await quote(pickup, dropoff)).body;
    expect(after.route.source).toBe('road_network');
    expect(after.route.attribution).toContain(VERIFIED_ROUTES_ATTRIBUTION);
    // West grid 2 km east and 0.5 km north, the 1.5 km link, east grid 1.5 km east and 0.5 km north.
    expect(after.route.distanceKm).toBeCloseTo(6, 1);
    expect(after.distanceKm).not.toBe(before.distanceKm);
    expect(after.totalNgwee).not.toBe(before.totalNgwee);
    const middle = link[3]!;
    expect(distanceToPolylineKm(middle, after.route.geometry)).toBeLessThan(0.01);
  });
});
