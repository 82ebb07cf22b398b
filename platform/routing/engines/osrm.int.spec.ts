import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn } from '../../../tests/support/httpStandIn.js';
import { RoutingFailure } from '../types.js';
import { osrmRouter } from './osrm.js';

/**
 * OSRM's route service as its HTTP API documentation (docs/http.md) describes it, answered by a
 * local stand-in: the request we make, the route we read from its answer, and each failure.
 */
const pickup = { lat: -12.8024, lng: 28.2136 };
const dropoff = { lat: -12.8105, lng: 28.2301 };

/** A response in the documented shape: Route → RouteLeg → RouteStep → StepManeuver, [lng, lat] pairs, metres and seconds. */
const documentedAnswer = {
  code: 'Ok',
  waypoints: [
    { hint: 'stand-in', distance: 4.2, name: 'Freedom Avenue', location: [28.2136, -12.8024] },
    { hint: 'stand-in', distance: 7.9, name: '', location: [28.2301, -12.8105] },
  ],
  routes: [
    {
      distance: 2103.4,
      duration: 252.6,
      weight: 252.6,
      weight_name: 'routability',
      geometry: { type: 'LineString', coordinates: [[28.2136, -12.8024], [28.2201, -12.8031], [28.2262, -12.8078], [28.2301, -12.8105]] },
      legs: [
        {
          distance: 2103.4,
          duration: 252.6,
          weight: 252.6,
          summary: '',
          steps: [
            {
              distance: 712.5, duration: 80.1, weight: 80.1, name: 'Freedom Avenue', mode: 'driving', driving_side: 'left',
              geometry: { type: 'LineString', coordinates: [[28.2136, -12.8024], [28.2201, -12.8031]] },
              maneuver: { type: 'depart', location: [28.2136, -12.8024], bearing_before: 0, bearing_after: 96 },
              intersections: [{ location: [28.2136, -12.8024], bearings: [96], entry: [true], out: 0 }],
            },
            {
              distance: 901.2, duration: 110.3, weight: 110.3, name: 'Independence Avenue', mode: 'driving', driving_side: 'left',
              geometry: { type: 'LineString', coordinates: [[28.2201, -12.8031], [28.2262, -12.8078]] },
              maneuver: { type: 'turn', modifier: 'sharp right', location: [28.2201, -12.8031], bearing_before: 96, bearing_after: 232 },
              intersections: [],
            },
            {
              distance: 489.7, duration: 61.3, weight: 61.3, name: '', ref: 'T3', mode: 'driving', driving_side: 'left',
              geometry: { type: 'LineString', coordinates: [[28.2262, -12.8078], [28.2301, -12.8105]] },
              maneuver: { type: 'new name', modifier: 'straight', location: [28.2262, -12.8078], bearing_before: 124, bearing_after: 126 },
              intersections: [],
            },
            {
              distance: 0, duration: 0, weight: 0, name: '', mode: 'driving', driving_side: 'left',
              geometry: { type: 'LineString', coordinates: [[28.2301, -12.8105], [28.2301, -12.8105]] },
              maneuver: { type: 'a type added after this adapter was written', location: [28.2301, -12.8105], bearing_before: 126, bearing_after: 0 },
              intersections: [],
            },
          ],
        },
      ],
    },
  ],
};

describe('the OSRM adapter against a stand-in answering as OSRM documents', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
  });
  const router = (timeoutMs = 5000) => osrmRouter({ baseUrl: `${standIn.url}/osrm/`, timeoutMs, attribution: '© OpenStreetMap contributors' });

  it('asks GET /route/v1/driving/{lng,lat;…} for the full GeoJSON geometry and the steps', async () => {
    standIn.answerWith(() => ({ status: 200, body: documentedAnswer }));
    await router().route({ waypoints: [pickup, dropoff] });
    const [request] = standIn.requests;
    expect(request!.method).toBe('GET');
    const url = new URL(request!.url, standIn.url);
    expect(url.pathname).toBe('/osrm/route/v1/driving/28.2136,-12.8024;28.2301,-12.8105');
    expect(Object.fromEntries(url.searchParams)).toEqual({ overview: 'full', geometries: 'geojson', steps: 'true' });
  });

  it('reads the best route: kilometres and minutes, the line as lat/lng, each step in our words', async () => {
    standIn.answerWith(() => ({ status: 200, body: documentedAnswer }));
    const route = await router().route({ waypoints: [pickup, dropoff] });
    expect(route).toMatchObject({ source: 'osrm', distanceKm: 2.103, durationMin: 4.21, offRoadKm: 0, attribution: '© OpenStreetMap contributors' });
    expect(route.geometry[1]).toEqual({ lat: -12.8031, lng: 28.2201 });
    expect(route.legs).toHaveLength(1);
    expect(route.legs[0]!.geometry).toEqual([pickup, { lat: -12.8031, lng: 28.2201 }, { lat: -12.8078, lng: 28.2262 }, dropoff]);
    expect(route.steps.map((step) => [step.maneuver, step.roadName, step.distanceKm])).toEqual([
      [{ type: 'depart' }, 'Freedom Avenue', 0.713],
      [{ type: 'turn', modifier: 'sharp_right' }, 'Independence Avenue', 0.901],
      [{ type: 'new_name', modifier: 'straight' }, 'T3', 0.49],
      // "Types unknown to the client should be handled like the turn type."
      [{ type: 'turn' }, null, 0],
    ]);
    expect(route.steps[1]!.location).toEqual({ lat: -12.8031, lng: 28.2201 });
  });

  it.each([
    [{ code: 'NoRoute', message: 'Impossible route between points' }, 'no_route'],
    [{ code: 'NoSegment', message: 'Could not find a matching segment for any coordinate.' }, 'no_route'],
    [{ code: 'InvalidQuery', message: 'Query string malformed close to position 28' }, 'rejected'],
    [{ code: 'TooBig', message: 'Too many trace coordinates' }, 'rejected'],
  ] as const)('turns an HTTP 400 with %o into a %s failure', async (answer, kind) => {
    standIn.answerWith(() => ({ status: 400, body: answer }));
    const failure = await router().route({ waypoints: [pickup, dropoff] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RoutingFailure);
    expect(failure).toMatchObject({ router: 'osrm', kind });
    expect((failure as Error).message).toContain(answer.code);
  });

  it('counts a server error as down, and an answer that is no route and no error code as a bad response', async () => {
    standIn.answerWith(() => ({ status: 502, body: '<html>Bad Gateway</html>' }));
    await expect(router().route({ waypoints: [pickup, dropoff] })).rejects.toMatchObject({ kind: 'unavailable' });
    standIn.answerWith(() => ({ status: 200, body: { code: 'Ok', routes: [] } }));
    await expect(router().route({ waypoints: [pickup, dropoff] })).rejects.toMatchObject({ kind: 'bad_response' });
    standIn.answerWith(() => ({ status: 200, body: 'not json' }));
    await expect(router().route({ waypoints: [pickup, dropoff] })).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('gives up after its timeout when OSRM does not answer', async () => {
    standIn.answerWith(() => 'hang');
    const started = performance.now();
    await expect(router(150).route({ waypoints: [pickup, dropoff] })).rejects.toMatchObject({ kind: 'timeout' });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('counts an engine nobody listens on as down', async () => {
    const nobody = osrmRouter({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 5000, attribution: 'x' });
    await expect(nobody.route({ waypoints: [pickup, dropoff] })).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
