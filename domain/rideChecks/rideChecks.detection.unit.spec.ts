import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectRideChecks,
  EXPLAINED_STOP_RADIUS_METRES,
  ROUTE_CORRIDOR_METRES,
  STOP_RADIUS_METRES,
  UNEXPECTED_STOP_MINUTES,
  type TripPosition,
} from './detection.js';
import { along, at, copperbeltUniversity, driveThenStop, minutesIn, offset, plan, position, trail } from '../../tests/support/fixtures/rideChecks.js';

const rounded = ({ lat, lng }: { lat: number; lng: number }) => ({ lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) });
const reasons = (positions: readonly TripPosition[], now = at(12), overrides = {}) =>
  detectRideChecks(plan(overrides), positions, now).map((finding) => finding.reason);

describe('an unexpected stop', () => {
  it('is found when the car has stood in one place for five minutes away from every booked place', () => {
    const positions = driveThenStop(0.5, 4, 9);
    expect(detectRideChecks(plan(), positions, at(9))).toEqual([
      { reason: 'unexpected_stop', since: minutesIn(4), location: rounded(along(0.5)), stoppedMinutes: UNEXPECTED_STOP_MINUTES },
    ]);
  });

  it('is not found a moment before five minutes', () => {
    expect(reasons(driveThenStop(0.5, 4, 8.5), at(8.5))).toEqual([]);
  });

  it('keeps the moment it began while the position wanders within the stop radius', () => {
    const jitter = [0, 20, -15, 10, -20, 5];
    const positions = [
      ...trail(0, 3.5, (minute) => along((0.5 * minute) / 4)),
      ...trail(4, 10, (minute) => offset(along(0.5), jitter[(minute * 2) % jitter.length]!, jitter[(minute * 2 + 3) % jitter.length]!)),
    ];
    const [finding] = detectRideChecks(plan(), positions, at(10));
    expect(finding).toMatchObject({ reason: 'unexpected_stop', since: minutesIn(4), stoppedMinutes: 6 });
  });

  it('ends when the car moves off beyond the stop radius', () => {
    const positions = [...driveThenStop(0.5, 4, 10), position(offset(along(0.5), 0, STOP_RADIUS_METRES + 40), 10.5)];
    expect(reasons(positions, at(10.5))).toEqual([]);
  });

  it.each([
    ['the dropoff', copperbeltUniversity, {}],
    ['a booked stop', along(0.5), { stops: [offset(along(0.5), 120, 0)] }],
    ['just inside the explained radius of the dropoff', offset(copperbeltUniversity, EXPLAINED_STOP_RADIUS_METRES - 10, 0), {}],
  ])('is expected at %s', (_, place, overrides) => {
    const positions = [position(along(0.2), 1), ...trail(2, 12, () => place)];
    expect(reasons(positions, at(12), overrides)).toEqual([]);
  });

  it('is found just outside the explained radius of the dropoff', () => {
    const place = offset(copperbeltUniversity, EXPLAINED_STOP_RADIUS_METRES + 20, 0);
    const positions = [position(along(0.2), 1), ...trail(2, 12, () => place)];
    expect(reasons(positions, at(12), { expectedRoute: null })).toEqual(['unexpected_stop']);
  });

  it('is not found in a car that keeps moving, however slowly', () => {
    const crawl = trail(0, 12, (minute) => along(minute / 40));
    expect(reasons(crawl, at(12))).toEqual([]);
  });
});

describe('a deviation from the expected route', () => {
  const offRoute = (metres: number, fromMinute: number, toMinute: number) => [
    ...trail(0, fromMinute - 0.5, (minute) => along(minute / 20)),
    ...trail(fromMinute, toMinute, (minute) => offset(along(minute / 20), metres, 0)),
  ];

  it('is found after three positions over a minute outside the corridor', () => {
    const [finding, ...rest] = detectRideChecks(plan(), offRoute(800, 5, 6), at(6));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ reason: 'route_deviation', since: minutesIn(5), location: offset(along(6 / 20), 800, 0) });
    // 800 m north of a line running east-south-east is about 790 m from it.
    expect(finding?.reason === 'route_deviation' && finding.metresFromRoute).toBeGreaterThan(780);
    expect(finding?.reason === 'route_deviation' && finding.metresFromRoute).toBeLessThan(800);
  });

  it('is not a single GPS jump, nor two positions, nor three inside a minute', () => {
    expect(reasons(offRoute(800, 5, 5), at(5))).toEqual([]);
    expect(reasons(offRoute(800, 5, 5.5), at(5.5))).toEqual([]);
    const quick = [...trail(0, 4.5, (minute) => along(minute / 20)), ...[0, 20, 40].map((second) => ({ ...offset(along(0.25), 800, 0), at: new Date(at(5).getTime() + second * 1000).toISOString() }))];
    expect(reasons(quick, at(6))).toEqual([]);
  });

  it('is not the next street over, inside the corridor', () => {
    expect(reasons(offRoute(ROUTE_CORRIDOR_METRES - 50, 5, 8), at(8))).toEqual([]);
  });

  it('is over once the car is back inside the corridor', () => {
    const back = [...offRoute(800, 5, 7), position(along(7.5 / 20), 7.5)];
    expect(reasons(back, at(7.5))).toEqual([]);
  });

  it('is not looked for without an expected route', () => {
    expect(reasons(offRoute(2_000, 5, 8), at(8), { expectedRoute: null })).toEqual([]);
  });
});

describe('an overdue trip', () => {
  const moving = trail(0, 40, (minute) => along((minute % 20) / 20));

  it.each([
    [20, 30, false],
    [20, 30.5, true],
    [10, 16, false],
    [10, 20, false],
    [10, 20.5, true],
    [60, 90.5, true],
  ])('with an estimate of %i min, at %f min elapsed: %s', (estimate, elapsed, overdue) => {
    expect(reasons(moving, at(elapsed), { estimatedDurationMinutes: estimate }).includes('trip_overdue')).toBe(overdue);
  });

  it('dates from the start of the trip and says how late it is', () => {
    const [finding] = detectRideChecks(plan({ estimatedDurationMinutes: 20 }), moving.slice(0, 62), at(31));
    expect(finding).toEqual({ reason: 'trip_overdue', since: minutesIn(0), location: along(10.5 / 20), elapsedMinutes: 31, estimatedMinutes: 20 });
  });

  it('is not judged without an estimate', () => {
    expect(reasons(moving, at(90), { estimatedDurationMinutes: null })).toEqual([]);
  });
});

describe('detection', () => {
  it('leaves out positions from before the trip and after now', () => {
    const positions = [position(along(0.5), -30), ...driveThenStop(0.5, 4, 9), position(along(0.9), 15)];
    expect(reasons(positions, at(9))).toEqual(['unexpected_stop']);
  });

  it('finds every condition at once, in a fixed order', () => {
    const stuckOffRoute = [...trail(0, 9.5, (minute) => along(minute / 20)), ...trail(10, 40, () => offset(along(0.5), 900, 0))];
    expect(reasons(stuckOffRoute, at(40))).toEqual(['unexpected_stop', 'route_deviation', 'trip_overdue']);
  });

  it('gives the same findings for the same positions, whatever order they arrive in', () => {
    const scenario = [...trail(0, 9.5, (minute) => along(minute / 20)), ...trail(10, 40, () => offset(along(0.5), 900, 0))];
    const expected = detectRideChecks(plan(), scenario, at(40));
    fc.assert(
      fc.property(fc.shuffledSubarray(scenario, { minLength: scenario.length, maxLength: scenario.length }), (shuffled) => {
        expect(detectRideChecks(plan(), shuffled, at(40))).toEqual(expected);
      }),
      { numRuns: 50 },
    );
  });
});
