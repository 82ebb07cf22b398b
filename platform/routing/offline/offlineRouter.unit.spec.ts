import { describe, expect, it } from 'vitest';
import { cities } from '../../../domain/catalogue/index.js';
import { estimateRoute } from '../../../domain/fare/route.js';
import { haversineKm, polylineLengthKm } from '../../../domain/geo/index.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { roadGrid } from '../../../tests/support/roadGrid.js';
import { createOfflineRouter, VERIFIED_ROUTES_ATTRIBUTION } from './offlineRouter.js';
import { bundledRoadNetwork, type NetworkRoad, type RoadNetwork } from './roadNetwork.js';

const grid = roadGrid();
const residential = (name: string, coordinates: NetworkRoad['coordinates'], oneway = false): NetworkRoad => ({
  name,
  ref: null,
  roadClass: 'residential',
  oneway,
  maxSpeedKmh: null,
  coordinates,
});
const gridNetwork = (extra: NetworkRoad[] = []): RoadNetwork => ({
  source: 'openstreetmap',
  attribution: '© OpenStreetMap contributors',
  roads: [...grid.streets, ...grid.avenues].map((road) => residential(road.name, road.coordinates)).concat(extra),
});

describe('the offline router on a generated street grid', () => {
  it('drives a known trip the length of its streets: 1.5 km east, then 1 km north', async () => {
    const route = await createOfflineRouter(gridNetwork()).route({ waypoints: [grid.at(0, 0), grid.at(3, 2)] });
    expect(route.source).toBe('road_network');
    expect(route.distanceKm).toBeCloseTo(2.5, 2);
    // Residential streets at 25 km/h: 2.5 km is 6 minutes.
    expect(route.durationMin).toBeCloseTo(6, 1);
    expect(route.offRoadKm).toBe(0);
    expect(route.attribution).toBe('© OpenStreetMap contributors');
    expect(route.geometry[0]).toEqual(grid.at(0, 0));
    expect(route.geometry.at(-1)).toEqual(grid.at(3, 2));
  });

  it('reads the turns from the headings: depart, one turn left onto an avenue, arrive', async () => {
    const route = await createOfflineRouter(gridNetwork()).route({ waypoints: [grid.at(0, 0), grid.at(3, 2)] });
    const turns = route.steps.map((step) => [step.maneuver.type, step.maneuver.modifier, step.roadName]);
    // Heading east along Street 0 and then north is a left turn; whichever avenue A* picks, there is one turn.
    expect(turns[0]).toEqual(['depart', undefined, 'Street 0']);
    expect(turns.filter(([type]) => type === 'turn').every(([, modifier]) => modifier === 'left' || modifier === 'right')).toBe(true);
    expect(turns.at(-1)).toEqual(['arrive', undefined, expect.stringMatching(/^(Street 2|Avenue 3)$/)]);
    expect(route.steps.reduce((km, step) => km + step.distanceKm, 0)).toBeCloseTo(route.distanceKm, 6);
  });

  it('walks a pin beside the road to it and counts that stretch as off the roads', async () => {
    const beside = grid.offset(grid.at(1, 0), -0.1, 0.25); // 100 m south of Street 0
    const route = await createOfflineRouter(gridNetwork()).route({ waypoints: [beside, grid.at(1, 2)] });
    expect(route.source).toBe('road_network');
    expect(route.offRoadKm).toBeCloseTo(0.1, 3);
    // 100 m to the road, 250 m west back to Avenue 1, 1 km north.
    expect(route.distanceKm).toBeCloseTo(1.35, 2);
    expect(route.steps[0]).toMatchObject({ maneuver: { type: 'depart' }, roadName: null });
  });

  it('keeps to a one-way street: with it, the short cut; against it, round the block', async () => {
    const diagonal = [grid.at(0, 0), grid.at(1, 1)];
    const withOneWay = createOfflineRouter(gridNetwork([residential('One Way', diagonal, true)]));
    const along = await withOneWay.route({ waypoints: [grid.at(0, 0), grid.at(1, 1)] });
    const against = await withOneWay.route({ waypoints: [grid.at(1, 1), grid.at(0, 0)] });
    expect(along.distanceKm).toBeCloseTo(polylineLengthKm(diagonal), 3);
    expect(along.steps[0]!.roadName).toBe('One Way');
    expect(against.distanceKm).toBeCloseTo(1, 3);
  });

  it('takes a verified route where it is quicker, naming its streets and crediting the contributors', async () => {
    const router = createOfflineRouter(gridNetwork());
    const trip = { waypoints: [grid.at(0, 0), grid.at(4, 4)] };
    const before = await router.route(trip);
    expect(before.distanceKm).toBeCloseTo(4, 2);

    const diagonal = [grid.at(0, 0), grid.at(2, 2), grid.at(4, 4)];
    router.updateVerifiedRoutes([{ encodingId: 'enc-1', streetNames: ['Chisokone Shortcut'], coordinates: diagonal }]);
    const after = await router.route(trip);
    expect(after.distanceKm).toBeCloseTo(polylineLengthKm(diagonal), 2);
    expect(after.distanceKm).toBeLessThan(before.distanceKm * 0.75);
    expect(after.steps.map((step) => step.roadName)).toContain('Chisokone Shortcut');
    expect(after.attribution).toBe(`© OpenStreetMap contributors · ${VERIFIED_ROUTES_ATTRIBUTION}`);
  });

  it('joins a verified route whose ends lie beside the roads, through a short link to each', async () => {
    const router = createOfflineRouter(gridNetwork());
    // From 40 m off Street 0 to 40 m off Street 5, straight across the middle of the blocks.
    const across = [grid.offset(grid.at(0, 0), 0.04, 0.25), grid.offset(grid.at(0, 5), -0.04, 0.25)];
    router.updateVerifiedRoutes([{ encodingId: 'enc-2', streetNames: ['Mid Block Lane'], coordinates: across }]);
    const route = await router.route({ waypoints: [grid.offset(grid.at(0, 0), 0, 0.25), grid.offset(grid.at(0, 5), 0, 0.25)] });
    expect(route.distanceKm).toBeCloseTo(2.5, 2);
    expect(route.steps.map((step) => step.roadName)).toContain('Mid Block Lane');
  });

  it('drops verified routes that are no longer verified when the list is replaced', async () => {
    const router = createOfflineRouter(gridNetwork(), [{ encodingId: 'enc-1', streetNames: ['Shortcut'], coordinates: [grid.at(0, 0), grid.at(4, 4)] }]);
    const trip = { waypoints: [grid.at(0, 0), grid.at(4, 4)] };
    expect((await router.route(trip)).distanceKm).toBeLessThan(3);
    router.updateVerifiedRoutes([]);
    expect((await router.route(trip)).distanceKm).toBeCloseTo(4, 2);
  });

  it('falls back to the great-circle estimate where no road connects, and labels it so', async () => {
    const island = [grid.offset(grid.at(0, 0), 20, 0), grid.offset(grid.at(0, 0), 20, 1)];
    const router = createOfflineRouter(gridNetwork([residential('Island Road', island)]));
    const route = await router.route({ waypoints: [grid.at(0, 0), island[1]!] });
    expect(route.source).toBe('great_circle');
    const estimate = estimateRoute(grid.at(0, 0), island[1]!);
    expect(route).toMatchObject({ distanceKm: estimate.distanceKm, durationMin: estimate.durationMin, offRoadKm: estimate.distanceKm });
    expect(route.geometry).toEqual([grid.at(0, 0), island[1]!]);
    expect(route.legs[0]!.steps.map((step) => step.roadName)).toEqual([null, null]);
  });

  it('routes each leg on its own: a stop on the grid, then one no road reaches', async () => {
    const nowhere = grid.offset(grid.at(0, 0), 40, 40);
    const route = await createOfflineRouter(gridNetwork()).route({ waypoints: [grid.at(0, 0), grid.at(2, 0), nowhere] });
    expect(route.legs.map((leg) => leg.source)).toEqual(['road_network', 'great_circle']);
    expect(route.source).toBe('great_circle');
    expect(route.distanceKm).toBeCloseTo(route.legs[0]!.distanceKm + route.legs[1]!.distanceKm, 6);
    expect(route.legs[0]!.distanceKm).toBeCloseTo(1, 3);
    expect(route.steps.filter((step) => step.maneuver.type === 'arrive')).toHaveLength(2);
  });

  it('refuses fewer than two waypoints or a point off the globe, naming the field', async () => {
    const router = createOfflineRouter(gridNetwork());
    await expect(router.route({ waypoints: [grid.at(0, 0)] })).rejects.toThrow(DomainError);
    await expect(router.route({ waypoints: [grid.at(0, 0), { lat: -95, lng: 28 }] })).rejects.toThrow(/^waypoints\.1\.lat: /);
  });

  it('leaves the network as it found it: the same trip routes the same after other trips cut its streets', async () => {
    const router = createOfflineRouter(gridNetwork());
    const trip = { waypoints: [grid.offset(grid.at(1, 1), 0, 0.2), grid.offset(grid.at(3, 3), 0.3, 0)] };
    const first = await router.route(trip);
    for (let column = 0; column < 5; column++) await router.route({ waypoints: [grid.offset(grid.at(column, 1), 0, 0.1), grid.at(5, 5)] });
    expect(await router.route(trip)).toEqual(first);
  });
});

describe('the offline router on the bundled trunk roads', () => {
  const router = createOfflineRouter(bundledRoadNetwork());
  const town = (id: string) => cities.find((city) => city.id === id)!.coordinates;

  it('drives Kitwe to Ndola along the T3 dual carriageway, credited to the bundled map', async () => {
    const route = await router.route({ waypoints: [town('kitwe'), town('ndola')] });
    expect(route.source).toBe('road_network');
    expect(route.steps.map((step) => step.roadName)).toContain('Ndola–Kitwe dual carriageway');
    expect(route.distanceKm).toBeGreaterThan(haversineKm(town('kitwe'), town('ndola')));
    expect(route.distanceKm).toBeLessThan(haversineKm(town('kitwe'), town('ndola')) * 1.2);
    expect(route.attribution).toBe("Tiyende's bundled trunk roads and places");
  });

  it('estimates a trip across town by the great circle, where no bundled road serves it', async () => {
    const centre = town('kitwe');
    const across = { lat: centre.lat - 0.03, lng: centre.lng - 0.045 }; // about 6 km south-west, away from the trunk roads
    const route = await router.route({ waypoints: [{ lat: centre.lat - 0.02, lng: centre.lng + 0.01 }, across] });
    expect(route.source).toBe('great_circle');
  });
});
