import type { Kysely } from 'kysely';
import type { IncidentQueueStatus, IncidentRow, RideMessageRow, SafetyTables, ShareLinkRow, TrustedContactRow } from './safety.table.js';

type Db = Kysely<SafetyTables>;

/** Incidents: the open ones (raised first, then acknowledged), oldest first; or the resolved, newest first. */
export async function incidentsQueue(db: Db, filter: { state: 'open' | 'resolved'; limit?: number }): Promise<IncidentRow[]> {
  const limit = Math.min(filter.limit ?? 100, 200);
  if (filter.state === 'resolved') {
    return db.selectFrom('rm_incidents').selectAll().where('status', '=', 'resolved').orderBy('resolved_at', 'desc').limit(limit).execute();
  }
  return db
    .selectFrom('rm_incidents')
    .selectAll()
    .where('status', 'in', ['raised', 'acknowledged'] satisfies IncidentQueueStatus[])
    .orderBy('status', 'desc')
    .orderBy('raised_at')
    .limit(limit)
    .execute();
}

export async function incidentById(db: Db, incidentId: string): Promise<IncidentRow | undefined> {
  return db.selectFrom('rm_incidents').selectAll().where('incident_id', '=', incidentId).executeTakeFirst();
}

/** The dashboard's counters: incidents not yet resolved, and those nobody has acknowledged. */
export async function countOpenIncidents(db: Db): Promise<{ open: number; unacknowledged: number }> {
  const rows = await db
    .selectFrom('rm_incidents')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('status', '!=', 'resolved')
    .groupBy('status')
    .execute();
  const count = (status: IncidentQueueStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { open: count('raised') + count('acknowledged'), unacknowledged: count('raised') };
}

export async function trustedContactsOfRider(db: Db, riderId: string): Promise<TrustedContactRow[]> {
  return db.selectFrom('rm_trusted_contacts').selectAll().where('rider_id', '=', riderId).orderBy('added_at').orderBy('contact_id').execute();
}

export async function trustedContactsOfRiders(db: Db, riderIds: readonly string[]): Promise<TrustedContactRow[]> {
  if (riderIds.length === 0) return [];
  return db.selectFrom('rm_trusted_contacts').selectAll().where('rider_id', 'in', riderIds).orderBy('added_at').execute();
}

/** A ride's conversation in order, and how far each side has read (0: nothing). */
export async function rideConversation(db: Db, rideId: string): Promise<{ messages: RideMessageRow[]; readUpTo: { rider: number; driver: number } }> {
  const [messages, reads] = await Promise.all([
    db.selectFrom('rm_ride_messages').selectAll().where('ride_id', '=', rideId).orderBy('seq').execute(),
    db.selectFrom('rm_ride_message_reads').selectAll().where('ride_id', '=', rideId).execute(),
  ]);
  const upTo = (party: 'rider' | 'driver') => reads.find((row) => row.party === party)?.read_up_to_seq ?? 0;
  return { messages, readUpTo: { rider: upTo('rider'), driver: upTo('driver') } };
}

export async function shareLinkByTokenHash(db: Db, tokenHash: string): Promise<ShareLinkRow | undefined> {
  return db.selectFrom('rm_share_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}
