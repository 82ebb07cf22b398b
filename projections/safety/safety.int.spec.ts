import type { QueryExecutorProvider } from 'kysely';
import { describe, expect, it } from 'vitest';
import { acknowledgeIncident, raiseIncident, resolveIncident } from '../../commands/incident/index.js';
import { markRideMessagesRead, sendRideMessage } from '../../commands/rideMessages/index.js';
import { tripShareCommands } from '../../commands/tripShare/index.js';
import { addTrustedContact, removeTrustedContact } from '../../commands/trustedContacts/index.js';
import { incidentIdFor } from '../../domain/incident/index.js';
import { admin, as, givenRideInProgress, system, useRideTestBed } from '../../tests/support/rideFixtures.js';
import { migrateProjections } from '../runner/migrate.js';
import { replayFromStart } from '../../tests/support/projectionTestKit.js';
import { sharedDatabase, type SharedTables } from '../../api/services/database.js';
import { runProjection } from '../runner/projectionWorker.js';
import { readModelRows } from '../runner/readModelRows.js';
import { safetyProjection } from './projection.js';
import { countOpenIncidents, incidentById, incidentsQueue, rideConversation, shareLinkByTokenHash, trustedContactsOfRider } from './queries.js';

const bed = useRideTestBed('safetyreadmodels');
const allRows = async (db: QueryExecutorProvider) => Object.fromEntries(await Promise.all(safetyProjection.tables.map(async (table) => [table, await readModelRows(db, table)] as const)));
/** The services' handle, as the app sees its tables. */
const sharedDb = () => sharedDatabase(bed.services.db.withTables<SharedTables>());
const run = () =>
  runProjection({ projection: safetyProjection, db: sharedDb(), store: bed.store, batchSize: 3, signal: new AbortController().signal, untilCaughtUp: true });
const sos = (userId: string, eventId: string) =>
  ({ kind: 'sos', emergencyEventId: eventId, party: 'rider', userId, location: null, pressedAt: bed.clock.now().toISOString() }) as const;

describe('the safety read models', () => {
  it('follow an incident from raised to resolved, the rider’s contacts, the conversation and the share link, and a replay changes nothing', async () => {
    const db = sharedDb();
    await migrateProjections<SharedTables>(db, [safetyProjection]);
    const ride = await givenRideInProgress(bed.services);
    const { rideId } = ride;
    const riderId = ride.rider.userId;
    const kept = await addTrustedContact(bed.services, { riderId, name: 'Mary Chanda', phone: '0971234567', relationship: 'Mum' }, as(ride.rider));
    const gone = await addTrustedContact(bed.services, { riderId, name: 'Joseph Chanda', phone: '0967654321' }, as(ride.rider));
    const goneId = gone.events[0]!.data.contactId;
    await removeTrustedContact(bed.services, { riderId, contactId: goneId }, as(ride.rider));

    await raiseIncident(bed.services, { rideId, cause: sos(riderId, 'press-1') }, as(system));
    await raiseIncident(bed.services, { rideId, cause: sos(riderId, 'press-2') }, as(system));
    await run();
    const incidentId = incidentIdFor(rideId, 1);
    expect(await countOpenIncidents(db)).toEqual({ open: 1, unacknowledged: 1 });
    expect((await incidentById(db, incidentId))!.causes).toHaveLength(2);

    await acknowledgeIncident(bed.services, { rideId, incidentId }, as(admin));
    await run();
    expect(await countOpenIncidents(db)).toEqual({ open: 1, unacknowledged: 0 });
    await resolveIncident(bed.services, { rideId, incidentId, outcome: 'false_alarm', note: 'Pressed by mistake; rider called back' }, as(admin));

    await sendRideMessage(bed.services, { rideId, text: 'I am at the gate' }, as(ride.rider));
    const reply = await sendRideMessage(bed.services, { rideId, text: 'Coming' }, as(ride.driver.actor));
    await sendRideMessage(bed.services, { rideId, text: 'Blue car' }, as(ride.driver.actor));
    await markRideMessagesRead(bed.services, { rideId, upToMessageId: (reply.events[0]!.data as { messageId: string }).messageId }, as(ride.rider));
    const shared = await tripShareCommands(bed.services.safety.shareTokens).startTripShare(bed.services, { rideId }, as(ride.rider));
    await run();

    expect(await countOpenIncidents(db)).toEqual({ open: 0, unacknowledged: 0 });
    expect(await incidentsQueue(db, { state: 'resolved' })).toMatchObject([{ incident_id: incidentId, outcome: 'false_alarm', acknowledged_by: admin.userId }]);
    expect((await trustedContactsOfRider(db, riderId)).map((contact) => contact.contact_id)).toEqual([kept.events[0]!.data.contactId]);
    const conversation = await rideConversation(db, rideId);
    expect(conversation.messages.map((message) => [message.seq, message.sender, message.text])).toEqual([
      [1, 'rider', 'I am at the gate'],
      [2, 'driver', 'Coming'],
      [3, 'driver', 'Blue car'],
    ]);
    expect(conversation.readUpTo).toEqual({ rider: 2, driver: 3 });
    const hash = bed.services.safety.shareTokens.hashOf(shared.link!.token);
    expect(await shareLinkByTokenHash(db, hash)).toMatchObject({ ride_id: rideId, status: 'active' });

    const before = await allRows(db);
    await replayFromStart(db, safetyProjection);
    await run();
    expect(await allRows(db)).toEqual(before);
  });
});
