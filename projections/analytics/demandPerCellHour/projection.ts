import { cellToLatLng, latLngToCell } from 'h3-js';
import { DISPATCH_H3_RESOLUTION } from '../../../domain/dispatch/index.js';
import type { RideEvent } from '../../../domain/ride/events.js';
import type { Stored } from '../../shared/storedEvents.js';
import { defineRideFactsProjection, dimensionsOf, isBooking, searchStartedAt } from '../shared/rideFacts.js';
import type { RideDemandRow } from './demandPerCellHour.table.js';
import { demandPerCellHourMigrations } from './migrations.js';

/** Dispatch's grid, so demand and the drivers dispatch finds are counted in the same cells. */
export const DEMAND_H3_RESOLUTION = DISPATCH_H3_RESOLUTION;

type Facts = Omit<RideDemandRow, 'last_revision'>;

/** A ride's row after one more of its events: its pickup cell from the booking, then when its search started. */
export function foldRideDemand(row: RideDemandRow | undefined, { event }: Stored<RideEvent>): Facts | undefined {
  if (isBooking(event)) {
    if (row) return row;
    const { lat, lng } = event.data.pickup;
    const h3Cell = latLngToCell(lat, lng, DEMAND_H3_RESOLUTION);
    const [cellLat, cellLng] = cellToLatLng(h3Cell);
    return { ...dimensionsOf(event.data), h3_cell: h3Cell, cell_lat: cellLat, cell_lng: cellLng, search_started_at: searchStartedAt(event) };
  }
  if (row && event.type === 'ScheduledRideDispatched') return { ...row, search_started_at: searchStartedAt(event) };
  return undefined;
}

export const demandPerCellHourProjection = defineRideFactsProjection<RideDemandRow>({
  name: 'demandPerCellHour',
  table: 'rm_analytics_ride_demand',
  migrations: demandPerCellHourMigrations,
  fold: foldRideDemand,
});
