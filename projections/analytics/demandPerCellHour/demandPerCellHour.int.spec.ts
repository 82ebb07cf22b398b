import { latLngToCell } from 'h3-js';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pickups, useAnalyticsHistory } from '../../../tests/support/analyticsHistory.js';
import { DEMAND_H3_RESOLUTION, rideFactsProjection } from '../rideFacts/index.js';
import { demandPerCellHour } from './queries.js';

const cellOf = (place: { lat: number; lng: number }) => latLngToCell(place.lat, place.lng, DEMAND_H3_RESOLUTION);

describe('demand per H3 cell per hour', () => {
  const bed = useAnalyticsHistory('demandcells', [rideFactsProjection], { batchSize: 6 });

  it('counts requests by pickup cell and Lusaka hour, a scheduled ride at its dispatch', async () => {
    const { rows } = await sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, hour, hour_start, h3_cell, city, vehicle_type, requests
      FROM analytics.demand_per_cell_hour ORDER BY hour, h3_cell, vehicle_type`.execute(bed.db);
    const park = cellOf(pickups.freedomPark);
    const centre = cellOf(pickups.kitweCentre);
    const ndola = cellOf(pickups.ndola);
    const at = (instant: string) => new Date(instant);
    expect(new Set([park, centre, ndola]).size).toBe(3);
    expect(rows).toEqual(
      [
        { day: '2026-03-04', hour: 8, hour_start: at('2026-03-04T06:00:00Z'), h3_cell: park, city: 'kitwe', vehicle_type: 'car', requests: 3 },
        { day: '2026-03-04', hour: 9, hour_start: at('2026-03-04T07:00:00Z'), h3_cell: park, city: 'kitwe', vehicle_type: 'car', requests: 1 },
        { day: '2026-03-04', hour: 9, hour_start: at('2026-03-04T07:00:00Z'), h3_cell: ndola, city: 'ndola', vehicle_type: 'car', requests: 1 },
        { day: '2026-03-04', hour: 9, hour_start: at('2026-03-04T07:00:00Z'), h3_cell: ndola, city: 'ndola', vehicle_type: 'motorcycle', requests: 1 },
        // kitwe-bidding-1 at 10:00 and kitwe-scheduled dispatched at 10:45 (booked at 07:00).
        { day: '2026-03-04', hour: 10, hour_start: at('2026-03-04T08:00:00Z'), h3_cell: park, city: 'kitwe', vehicle_type: 'car', requests: 2 },
        { day: '2026-03-04', hour: 11, hour_start: at('2026-03-04T09:00:00Z'), h3_cell: centre, city: 'kitwe', vehicle_type: 'car', requests: 1 },
        { day: '2026-03-04', hour: 23, hour_start: at('2026-03-04T21:00:00Z'), h3_cell: park, city: 'kitwe', vehicle_type: 'car', requests: 1 },
      ].sort((a, b) => a.hour - b.hour || a.h3_cell.localeCompare(b.h3_cell) || a.vehicle_type.localeCompare(b.vehicle_type)),
    );
  });

  it('answers a slice per cell and hour of day, its days and vehicle types added together', async () => {
    const demand = await demandPerCellHour(bed.db, { from: '2026-03-04', to: '2026-03-04' });
    expect(demand.filter((line) => line.hour === 9)).toEqual([
      { cell: cellOf(pickups.ndola), lat: expect.closeTo(pickups.ndola.lat, 2), lng: expect.closeTo(pickups.ndola.lng, 2), hour: 9, requests: 2 },
      { cell: cellOf(pickups.freedomPark), lat: expect.any(Number), lng: expect.any(Number), hour: 9, requests: 1 },
    ]);
    expect(demand.map((line) => line.hour)).toEqual([8, 9, 9, 10, 11, 23]);
    expect(await demandPerCellHour(bed.db, { from: '2026-03-04', to: '2026-03-04', vehicleType: 'motorcycle' })).toEqual([
      { cell: cellOf(pickups.ndola), lat: expect.any(Number), lng: expect.any(Number), hour: 9, requests: 1 },
    ]);
  });
});
