import { encode } from '@placemarkio/polyline';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn } from '../../../tests/support/httpStandIn.js';
import { RoutingFailure } from '../types.js';
import { valhallaRouter } from './valhalla.js';

/**
 * Valhalla's turn-by-turn route service as its API reference describes it, answered by a local
 * stand-in: the request we make, the trip we read from its answer, and each failure.
 */
const pickup = { lat: -12.8024, lng: 28.2136 };
const stop = { lat: -12.8078, lng: 28.2262 };
const dropoff = { lat: -12.8105, lng: 28.2301 };
const corner = { lat: -12.8031, lng: 28.2201 };

/** Valhalla's shapes: polylines with 6 decimal digits, built here from [lng, lat] pairs. */
const shape = (...points: { lat: number; lng: number }[]) => encode(points.map((point) => [point.lng, point.lat]), 6);
const summary = (length: number, time: number) => ({ has_time_restrictions: false, min_lat: -12.81, min_lon: 28.21, max_lat: -12.8, max_lon: 28.24, time, length, cost: time });

/** A two-leg trip in the documented shape: trip.summary, trip.legs[].shape/maneuvers/summary, lengths in km, times in s. */
const documentedAnswer = {
  trip: {
    locations: [
      { type: 'break', lat: pickup.lat, lon: pickup.lng, original_index: 0 },
      { type: 'break', lat: stop.lat, lon: stop.lng, original_index: 1 },
      { type: 'break', lat: dropoff.lat, lon: dropoff.lng, original_index: 2 },
    ],
    legs: [
      {
        maneuvers: [
          { type: 2, instruction: 'Drive east on Freedom Avenue.', street_names: ['Freedom Avenue'], time: 80.1, length: 0.712, cost: 80.1, begin_shape_index: 0, end_shape_index: 1, travel_mode: 'drive', travel_type: 'car' },
          { type: 11, instruction: 'Make a sharp right onto Independence Avenue.', street_names: ['Independence Avenue', 'M6'], time: 110.3, length: 0.901, cost: 110.3, begin_shape_index: 1, end_shape_index: 2, travel_mode: 'drive', travel_type: 'car' },
          { type: 4, instruction: 'You have arrived at your destination.', time: 0, length: 0, cost: 0, begin_shape_index: 2, end_shape_index: 2, travel_mode: 'drive', travel_type: 'car' },
        ],
        summary: summary(1.613, 190.4),
        shape: shape(pickup, corner, stop),
      },
      {
        maneuvers: [
          { type: 1, instruction: 'Drive southeast.', time: 61.3, length: 0.49, cost: 61.3, begin_shape_index: 0, end_shape_index: 1, travel_mode: 'drive', travel_type: 'car' },
          { type: 99, instruction: 'A maneuver type added after this adapter was written.', time: 0, length: 0, cost: 0, begin_shape_index: 1, end_shape_index: 1, travel_mode: 'drive', travel_type: 'car' },
          { type: 6, instruction: 'Your destination is on the left.', time: 0, length: 0, cost: 0, begin_shape_index: 1, end_shape_index: 1, travel_mode: 'drive', travel_type: 'car' },
        ],
        summary: summary(0.49, 61.3),
        shape: shape(stop, dropoff),
      },
    ],
    summary: summary(2.103, 252.6),
    status_message: 'Found route between points',
    status: 0,
    units: 'kilometers',
    language: 'en-US',
  },
};

describe('the Valhalla adapter against a stand-in answering as Valhalla documents', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
  });
  const router = (timeoutMs = 5000) => valhallaRouter({ baseUrl: standIn.url, timeoutMs, attribution: '© OpenStreetMap contributors' });

  it('posts the locations as breaks with auto costing in kilometres to /route', async () => {
    standIn.answerWith(() => ({ status: 200, body: documentedAnswer }));
    await router().route({ waypoints: [pickup, stop, dropoff] });
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/route' });
    expect(JSON.parse(request!.body)).toEqual({
      locations: [pickup, stop, dropoff].map((point) => ({ lat: point.lat, lon: point.lng, type: 'break' })),
      costing: 'auto',
      units: 'kilometers',
    });
  });

  it('reads the trip: totals, each leg decoded from its 6-digit shape, each maneuver in our words', async () => {
    standIn.answerWith(() => ({ status: 200, body: documentedAnswer }));
    const route = await router().route({ waypoints: [pickup, stop, dropoff] });
    expect(route).toMatchObject({ source: 'valhalla', distanceKm: 2.103, durationMin: 4.21, attribution: '© OpenStreetMap contributors' });
    expect(route.legs.map((leg) => [leg.distanceKm, leg.durationMin, leg.source])).toEqual([[1.613, 3.17, 'valhalla'], [0.49, 1.02, 'valhalla']]);
    expect(route.legs[0]!.geometry).toEqual([pickup, corner, stop]);
    expect(route.geometry).toEqual([pickup, corner, stop, dropoff]);
    expect(route.steps.map((step) => [step.maneuver, step.roadName, step.location])).toEqual([
      [{ type: 'depart' }, 'Freedom Avenue', pickup],
      [{ type: 'turn', modifier: 'sharp_right' }, 'Independence Avenue', corner],
      [{ type: 'arrive' }, null, stop],
      [{ type: 'depart' }, null, stop],
      [{ type: 'turn' }, null, dropoff],
      [{ type: 'arrive' }, null, dropoff],
    ]);
  });

  it('decodes shapes at 6 digits, not Google’s 5', async () => {
    // Google's documented example polyline; read with 6 digits every value is ten times smaller.
    const leg = { ...documentedAnswer.trip.legs[1]!, shape: '_p~iF~ps|U_ulLnnqC_mqNvxq`@' };
    standIn.answerWith(() => ({ status: 200, body: { trip: { ...documentedAnswer.trip, legs: [leg] } } }));
    const route = await router().route({ waypoints: [pickup, dropoff] });
    expect(route.legs[0]!.geometry).toEqual([
      { lat: 3.85, lng: -12.02 },
      { lat: 4.07, lng: -12.095 },
      { lat: 4.3252, lng: -12.6453 },
    ]);
  });

  it('reads lengths in miles when that is what came back', async () => {
    standIn.answerWith(() => ({ status: 200, body: { trip: { ...documentedAnswer.trip, units: 'miles', summary: summary(1, 100) } } }));
    expect((await router().route({ waypoints: [pickup, stop, dropoff] })).distanceKm).toBe(1.609);
  });

  it.each([
    [{ error_code: 442, error: 'No path could be found for input', status_code: 400, status: 'Bad Request' }, 'no_route'],
    [{ error_code: 171, error: 'No suitable edges near location', status_code: 400, status: 'Bad Request' }, 'no_route'],
    [{ error_code: 170, error: 'Locations are in unconnected regions. Go check/edit the map at osm.org', status_code: 400, status: 'Bad Request' }, 'no_route'],
    [{ error_code: 154, error: 'Path distance exceeds the max distance limit', status_code: 400, status: 'Bad Request' }, 'rejected'],
    [{ error_code: 130, error: 'Failed to parse location', status_code: 400, status: 'Bad Request' }, 'rejected'],
  ] as const)('turns %o into a %s failure', async (answer, kind) => {
    standIn.answerWith(() => ({ status: answer.status_code, body: answer }));
    const failure = await router().route({ waypoints: [pickup, dropoff] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RoutingFailure);
    expect(failure).toMatchObject({ router: 'valhalla', kind });
    expect((failure as Error).message).toContain(String(answer.error_code));
  });

  it('counts a server error as down and an answer without a trip as a bad response', async () => {
    standIn.answerWith(() => ({ status: 500, body: { error_code: 201, error: 'Failed to parse TripPath', status_code: 500, status: 'Internal Server Error' } }));
    await expect(router().route({ waypoints: [pickup, dropoff] })).rejects.toMatchObject({ kind: 'unavailable' });
    standIn.answerWith(() => ({ status: 200, body: { trip: { summary: summary(1, 1), legs: [] } } }));
    await expect(router().route({ waypoints: [pickup, dropoff] })).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('gives up after its timeout when Valhalla does not answer', async () => {
    standIn.answerWith(() => 'hang');
    await expect(router(150).route({ waypoints: [pickup, dropoff] })).rejects.toMatchObject({ kind: 'timeout' });
  });
});
