import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roadGrid } from '../../tests/support/roadGrid.js';
import { startStandIn, type StandInAnswer } from '../../tests/support/httpStandIn.js';
import { chainRouters } from './chain.js';
import { osrmRouter } from './engines/osrm.js';
import { valhallaRouter } from './engines/valhalla.js';
import { createOfflineRouter } from './offline/offlineRouter.js';
import type { RoutingFailure } from './types.js';

const grid = roadGrid();
const offline = createOfflineRouter({
  source: 'openstreetmap',
  attribution: '© OpenStreetMap contributors',
  roads: [...grid.streets, ...grid.avenues].map(({ name, coordinates }) => ({ name, coordinates, ref: null, roadClass: 'residential', oneway: false, maxSpeedKmh: null })),
});
const trip = { waypoints: [grid.at(0, 0), grid.at(2, 1)] };

const osrmOk: StandInAnswer = {
  status: 200,
  body: {
    code: 'Ok',
    routes: [
      {
        distance: 1500,
        duration: 180,
        geometry: { type: 'LineString', coordinates: [[grid.at(0, 0).lng, grid.at(0, 0).lat], [grid.at(2, 1).lng, grid.at(2, 1).lat]] },
        legs: [{ distance: 1500, duration: 180, steps: [] }],
      },
    ],
  },
};

describe('the routing chain: the configured engine first, the offline router when it fails', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(() => standIn.close());

  const chain = (engine: 'osrm' | 'valhalla', failures: RoutingFailure[], timeoutMs = 5000) => {
    const options = { baseUrl: standIn.url, timeoutMs, attribution: '© OpenStreetMap contributors' };
    return chainRouters([engine === 'osrm' ? osrmRouter(options) : valhallaRouter(options), offline], (failure) => failures.push(failure));
  };

  it('answers with the engine’s route when it has one, and reports nothing', async () => {
    standIn.answerWith(() => osrmOk);
    const failures: RoutingFailure[] = [];
    const route = await chain('osrm', failures).route(trip);
    expect(route.source).toBe('osrm');
    expect(failures).toEqual([]);
  });

  it.each([
    ['osrm', 'no route', 'no_route', { status: 400, body: { code: 'NoRoute', message: 'Impossible route between points' } }],
    ['osrm', 'a server error', 'unavailable', { status: 503, body: 'Service Unavailable' }],
    ['osrm', 'nothing within its timeout', 'timeout', 'hang'],
    ['valhalla', 'no route', 'no_route', { status: 400, body: { error_code: 442, error: 'No path could be found for input', status_code: 400, status: 'Bad Request' } }],
    ['valhalla', 'a server error', 'unavailable', { status: 500, body: { error_code: 599, error: 'Unknown', status_code: 500, status: 'Internal Server Error' } }],
    ['valhalla', 'nothing within its timeout', 'timeout', 'hang'],
  ] as const)('when %s answers %s, routes offline along the roads and reports %s', async (engine, _what, kind, answer) => {
    standIn.answerWith(() => answer);
    const failures: RoutingFailure[] = [];
    const route = await chain(engine, failures, answer === 'hang' ? 200 : 5000).route(trip);
    expect(route.source).toBe('road_network');
    expect(route.distanceKm).toBeCloseTo(1.5, 2);
    expect(failures.map((failure) => [failure.router, failure.kind])).toEqual([[engine, kind]]);
  });

  it('refuses bad input before asking anyone', async () => {
    standIn.requests.length = 0;
    standIn.answerWith(() => osrmOk);
    await expect(chain('osrm', []).route({ waypoints: [grid.at(0, 0)] })).rejects.toThrow(/^waypoints: /);
    expect(standIn.requests).toEqual([]);
  });
});
