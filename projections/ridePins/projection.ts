import { MAX_PIN_ATTEMPTS } from '../../domain/ride/machine.js';
import type { RideEvent } from '../../domain/ride/events.js';
import { defineProjection } from '../runner/projection.js';
import { foldRowsPerStream } from '../shared/foldRows.js';
import { readRideEvent, streamPrefixes, type Stored } from '../shared/storedEvents.js';
import { anyOf, upsertRows } from '../shared/upsert.js';
import { ridePinsMigrations } from './migrations.js';
import type { RidePinRow, RidePinsTables } from './ridePins.table.js';

/** The PIN row after one more event of its ride; undefined when the event says nothing about the PIN. */
export function foldPin(row: RidePinRow | undefined, item: Stored<RideEvent>): RidePinRow | undefined {
  const { event, revision, created } = item;
  const moved = { updated_at: created, last_revision: revision.toString() };
  if (event.type === 'RideRequested' || event.type === 'RideScheduled') {
    return row ?? {
      ride_id: event.data.rideId,
      rider_id: event.data.riderId,
      status: 'awaiting_driver',
      pin: null,
      failed_attempts: 0,
      attempts_left: MAX_PIN_ATTEMPTS,
      issued_at: null,
      ...moved,
    };
  }
  if (!row) return undefined;
  switch (event.type) {
    case 'PinIssued':
      return {
        ...row,
        ...moved,
        status: 'issued',
        pin: event.data.pin,
        failed_attempts: 0,
        attempts_left: MAX_PIN_ATTEMPTS,
        issued_at: new Date(event.data.issuedAt),
      };
    case 'PinAttemptFailed': {
      const locked = event.data.attemptsLeft === 0;
      return {
        ...row,
        ...moved,
        status: locked ? 'locked' : row.status,
        failed_attempts: event.data.attempt,
        attempts_left: event.data.attemptsLeft,
      };
    }
    case 'TripStarted':
      return { ...row, ...moved, status: 'used', pin: null };
    case 'RideCancelled':
    case 'RideExpired':
      return { ...row, ...moved, status: 'void', pin: null };
    default:
      return undefined;
  }
}

export const ridePinsProjection = defineProjection<RidePinsTables>({
  name: 'ridePins',
  filter: { streamNamePrefixes: [streamPrefixes.ride] },
  tables: ['rm_ride_pins'],
  migrations: ridePinsMigrations,
  async handle(trx, events) {
    const rideEvents = events.map(readRideEvent).filter((item) => item !== null);
    const rideIds = [...new Set(rideEvents.map((item) => item.event.data.rideId))];
    if (rideIds.length === 0) return;
    const stored = await trx.selectFrom('rm_ride_pins').selectAll().where('ride_id', '=', anyOf(rideIds)).execute();
    const rows = new Map(stored.map((row) => [row.ride_id, row]));
    const changed = foldRowsPerStream(rows, rideEvents, (event) => event.data.rideId, foldPin);
    await upsertRows(trx, 'rm_ride_pins', changed, { key: ['ride_id'], onConflict: 'replace' });
  },
});
