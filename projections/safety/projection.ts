import { sql, type Transaction } from 'kysely';
import { isIncidentEventType, parseIncidentEvent, type IncidentEvent } from '../../domain/incident/index.js';
import { isRideMessageEventType, parseRideMessageEvent, type RideMessageEvent } from '../../domain/rideMessages/index.js';
import { isTripShareEventType, parseTripShareEvent, type TripShareEvent } from '../../domain/tripShare/index.js';
import { isTrustedContactEventType, parseTrustedContactEvent, type TrustedContactEvent } from '../../domain/trustedContacts/index.js';
import { eventUpcasters } from '../../domain/upcasting/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection } from '../runner/projection.js';
import { safetyMigrations } from './migrations.js';
import type { SafetyTables } from './safety.table.js';

type Trx = Transaction<SafetyTables>;

/** A stored event brought to its current shape and checked; null for a type the lifecycle does not know. */
function read<Event>(recorded: RecordedEvent, isType: (type: string) => boolean, parse: (event: { type: string; data: unknown }) => Event): Event | null {
  const current = eventUpcasters.upcast({ type: recorded.type, data: recorded.data, metadata: recorded.metadata });
  return isType(current.type) ? parse({ type: current.type, data: current.data }) : null;
}

async function onIncident(trx: Trx, event: IncidentEvent): Promise<void> {
  const { incidentId } = event.data;
  switch (event.type) {
    case 'IncidentRaised': {
      const { rideId, number, cause, raisedAt } = event.data;
      await trx
        .insertInto('rm_incidents')
        .values({
          incident_id: incidentId,
          ride_id: rideId,
          number,
          status: 'raised',
          causes: JSON.stringify([cause]),
          alert_count: 1,
          raised_at: new Date(raisedAt),
          last_alerted_at: new Date(raisedAt),
          acknowledged_by: null,
          acknowledged_at: null,
          seconds_to_acknowledge: null,
          resolved_by: null,
          resolved_at: null,
          outcome: null,
          note: null,
        })
        .onConflict((oc) => oc.column('incident_id').doNothing())
        .execute();
      return;
    }
    case 'IncidentAlertAdded':
      await trx
        .updateTable('rm_incidents')
        .set({ causes: sql`causes || ${JSON.stringify([event.data.cause])}::jsonb`, last_alerted_at: new Date(event.data.addedAt) })
        .where('incident_id', '=', incidentId)
        .execute();
      return;
    case 'IncidentReAlerted':
      await trx
        .updateTable('rm_incidents')
        .set({ alert_count: event.data.alertCount, last_alerted_at: new Date(event.data.reAlertedAt) })
        .where('incident_id', '=', incidentId)
        .execute();
      return;
    case 'IncidentAcknowledged':
      await trx
        .updateTable('rm_incidents')
        .set({
          status: 'acknowledged',
          acknowledged_by: event.data.acknowledgedBy,
          acknowledged_at: new Date(event.data.acknowledgedAt),
          seconds_to_acknowledge: event.data.secondsToAcknowledge,
        })
        .where('incident_id', '=', incidentId)
        .execute();
      return;
    case 'IncidentResolved':
      await trx
        .updateTable('rm_incidents')
        .set({
          status: 'resolved',
          resolved_by: event.data.resolvedBy,
          resolved_at: new Date(event.data.resolvedAt),
          outcome: event.data.outcome,
          note: event.data.note,
        })
        .where('incident_id', '=', incidentId)
        .execute();
      return;
  }
}

async function onTrustedContact(trx: Trx, event: TrustedContactEvent): Promise<void> {
  switch (event.type) {
    case 'TrustedContactAdded': {
      const { contactId, riderId, name, relationship, phone, addedAt } = event.data;
      await trx
        .insertInto('rm_trusted_contacts')
        .values({ contact_id: contactId, rider_id: riderId, name, relationship, phone, added_at: new Date(addedAt) })
        .onConflict((oc) => oc.column('contact_id').doNothing())
        .execute();
      return;
    }
    case 'TrustedContactUpdated': {
      const { contactId, name, relationship, phone } = event.data;
      await trx.updateTable('rm_trusted_contacts').set({ name, relationship, phone }).where('contact_id', '=', contactId).execute();
      return;
    }
    case 'TrustedContactRemoved':
      await trx.deleteFrom('rm_trusted_contacts').where('contact_id', '=', event.data.contactId).execute();
      return;
  }
}

async function onRideMessage(trx: Trx, event: RideMessageEvent): Promise<void> {
  const { rideId } = event.data;
  if (event.type === 'RideMessageSent') {
    const { messageId, from, senderUserId, text, sentAt } = event.data;
    const known = await trx.selectFrom('rm_ride_messages').select('seq').where('message_id', '=', messageId).executeTakeFirst();
    if (known) return;
    const last = await trx.selectFrom('rm_ride_messages').select((eb) => eb.fn.max('seq').as('seq')).where('ride_id', '=', rideId).executeTakeFirst();
    const seq = Number(last?.seq ?? 0) + 1;
    await trx
      .insertInto('rm_ride_messages')
      .values({ message_id: messageId, ride_id: rideId, seq, sender: from, sender_user_id: senderUserId, text, sent_at: new Date(sentAt) })
      .execute();
    // The sender has read their own message and everything before it (as the conversation's machine says).
    await markRead(trx, rideId, from, seq);
    return;
  }
  const { by, upToMessageId } = event.data;
  const upTo = await trx.selectFrom('rm_ride_messages').select('seq').where('message_id', '=', upToMessageId).executeTakeFirst();
  if (upTo) await markRead(trx, rideId, by, upTo.seq);
}

async function markRead(trx: Trx, rideId: string, party: 'rider' | 'driver', seq: number): Promise<void> {
  await trx
    .insertInto('rm_ride_message_reads')
    .values({ ride_id: rideId, party, read_up_to_seq: seq })
    .onConflict((oc) => oc.columns(['ride_id', 'party']).doUpdateSet({ read_up_to_seq: sql`greatest(rm_ride_message_reads.read_up_to_seq, excluded.read_up_to_seq)` }))
    .execute();
}

async function onTripShare(trx: Trx, event: TripShareEvent): Promise<void> {
  switch (event.type) {
    case 'TripShareStarted': {
      const { rideId, shareId, tokenHash, startedAt } = event.data;
      await trx
        .insertInto('rm_share_links')
        .values({ token_hash: tokenHash, ride_id: rideId, share_id: shareId, status: 'active', started_at: new Date(startedAt) })
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .execute();
      return;
    }
    case 'TripShareRevoked':
    case 'TripShareExpired':
      await trx
        .updateTable('rm_share_links')
        .set({ status: event.type === 'TripShareRevoked' ? 'revoked' : 'expired' })
        .where('share_id', '=', event.data.shareId)
        .where('ride_id', '=', event.data.rideId)
        .execute();
      return;
    default:
      return;
  }
}

/**
 * The safety net's read models: the admins' incident queue (and the dashboard's counter),
 * riders' trusted contacts, each ride's messages and how far each side has read, and share links
 * by their token's hash (for the public page). Every write is keyed so that a batch applied again
 * changes nothing.
 */
export const safetyProjection = defineProjection<SafetyTables>({
  name: 'safety',
  filter: { streamNamePrefixes: ['incident-', 'trustedContacts-', 'rideMessages-', 'tripShare-'] },
  tables: ['rm_incidents', 'rm_trusted_contacts', 'rm_ride_messages', 'rm_ride_message_reads', 'rm_share_links'],
  migrations: safetyMigrations,
  async handle(trx, events) {
    for (const recorded of events) {
      const stream = recorded.streamName;
      if (stream.startsWith('incident-')) {
        const event = read(recorded, isIncidentEventType, parseIncidentEvent);
        if (event) await onIncident(trx, event);
      } else if (stream.startsWith('trustedContacts-')) {
        const event = read(recorded, isTrustedContactEventType, parseTrustedContactEvent);
        if (event) await onTrustedContact(trx, event);
      } else if (stream.startsWith('rideMessages-')) {
        const event = read(recorded, isRideMessageEventType, parseRideMessageEvent);
        if (event) await onRideMessage(trx, event);
      } else if (stream.startsWith('tripShare-')) {
        const event = read(recorded, isTripShareEventType, parseTripShareEvent);
        if (event) await onTripShare(trx, event);
      }
    }
  },
});
