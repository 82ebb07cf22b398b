import type { Transaction } from 'kysely';
import { defineProjection } from '../runner/projection.js';
import { readBatch, streamPrefixes } from '../shared/storedEvents.js';
import { anyOf, upsertRows } from '../shared/upsert.js';
import type { DriverProfileRow, DriverProfilesTables, DriverRideRow } from './driverProfiles.table.js';
import { driverProfilesMigrations } from './migrations.js';
import { isCountedOnProfile, ProfileBatch } from './profileBatch.js';

type Trx = Transaction<DriverProfilesTables>;

/** The links of the batch's rides, then the profiles of every driver the batch or those links name. */
async function load(trx: Trx, driverIds: Set<string>, rideIds: Set<string>) {
  const links =
    rideIds.size === 0 ? [] : await trx.selectFrom('rm_driver_profile_rides').selectAll().where('ride_id', '=', anyOf([...rideIds])).execute();
  for (const link of links) driverIds.add(link.driver_id);
  const profiles =
    driverIds.size === 0 ? [] : await trx.selectFrom('rm_driver_profiles').selectAll().where('driver_id', '=', anyOf([...driverIds])).execute();
  return {
    links: new Map(links.map((link) => [link.ride_id, link])),
    profiles: new Map(profiles.map((profile) => [profile.driver_id, profile])),
  };
}

export const driverProfilesProjection = defineProjection<DriverProfilesTables>({
  name: 'driverProfiles',
  filter: { streamNamePrefixes: [streamPrefixes.driverVerification, streamPrefixes.driverDuty, streamPrefixes.ride] },
  tables: ['rm_driver_profiles', 'rm_driver_profile_rides'],
  migrations: driverProfilesMigrations,
  async handle(trx, events) {
    const batch = readBatch(events);
    const rideEvents = batch.ride.filter(isCountedOnProfile);
    const driverIds = new Set<string>([
      ...batch.driverVerification.map((item) => item.event.data.driverId),
      ...batch.driverDuty.map((item) => item.event.data.driverId),
      ...rideEvents.flatMap((item) => (item.event.type === 'DriverAssigned' ? [item.event.data.driverId] : [])),
    ]);
    const { links, profiles } = await load(trx, driverIds, new Set(rideEvents.map((item) => item.event.data.rideId)));

    // Each stream owns its own columns of the row, so folding lifecycle by lifecycle gives the
    // same row as folding in `$all` order.
    const folded = new ProfileBatch(profiles, links);
    for (const item of batch.driverVerification) folded.verification(item);
    for (const item of batch.driverDuty) folded.duty(item);
    for (const item of rideEvents) folded.ride(item);

    await upsertProfiles(trx, [...folded.changedProfiles.values()]);
    await upsertLinks(trx, [...folded.changedLinks.values()]);
  },
});

const upsertProfiles = (trx: Trx, rows: DriverProfileRow[]) => upsertRows(trx, 'rm_driver_profiles', rows, { key: ['driver_id'], onConflict: 'replace' });

const upsertLinks = (trx: Trx, rows: DriverRideRow[]) => upsertRows(trx, 'rm_driver_profile_rides', rows, { key: ['ride_id'], onConflict: 'replace' });
