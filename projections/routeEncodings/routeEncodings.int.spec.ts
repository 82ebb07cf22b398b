import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { routeEncodingStream } from '../../domain/routeEncoding/events.js';
import { useScenarioBed } from '../../tests/support/projectionTestKit.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import { projectUntilApplied } from '../../tests/support/projectUntilApplied.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import { routeEncodingsProjection } from './projection.js';
import { contributionStats, encodingById, encodingsByAuthor, pendingEncodings } from './queries.js';
import type { RouteEncodingsTables } from './routeEncodings.table.js';

const [alice, bob, carol, dan, eve] = ['user-alice', 'user-bob', 'user-carol', 'user-dan', 'user-eve'] as const;
const ids = (rows: Array<{ encoding_id: string }>) => rows.map((row) => row.encoding_id);

describe('route encodings: contributed routes, their votes and each contributor\'s tally', () => {
  const { bed, db, scenario } = useScenarioBed('routeencodings', { projections: [routeEncodingsProjection], start: '2026-03-02T06:00:00Z' });
  let legacyEvents = 0;
  beforeEach(() => {
    legacyEvents = 0;
  });

  const project = (batchSize = 100) =>
    projectUntilApplied({
      ...bed,
      projection: routeEncodingsProjection,
      events: scenario.appendedTo(streamPrefixes.routeEncoding) + legacyEvents,
      batchSize,
    });

  /** A submission stored before street names became a list (schema v1): one comma-separated string. */
  async function appendV1Submission(encodingId: string, authorId: string, streetNames: string) {
    await bed.store.appendToStream(routeEncodingStream(encodingId), [{
      id: randomUUID(),
      type: 'RouteEncodingSubmitted',
      data: {
        encodingId, authorId, startAddress: 'Nkana East', endAddress: 'Kitwe CBD', streetNames, region: 'Copperbelt Province',
        coordinates: [{ lat: -12.81, lng: 28.22 }, { lat: -12.8, lng: 28.21 }], submittedAt: '2026-01-10T08:00:00.000Z',
      },
      metadata: { schemaVersion: 1, userId: authorId, role: 'driver' },
    }]);
    legacyEvents += 1;
  }

  it('reads a v1 submission through the upcaster: its streets become a list', async () => {
    await appendV1Submission('legacy', alice, 'Independence Avenue, Jambo Drive,, independence avenue');
    await scenario.verifyRoute('legacy', bob, true);
    await project();
    expect(await encodingById(db, 'legacy')).toMatchObject({
      author_id: alice, street_names: ['Independence Avenue', 'Jambo Drive'], street_count: 2, revision: 1, accurate_votes: 1,
      status: 'pending', created_at: new Date('2026-01-10T08:00:00Z'),
    });
  });

  it('counts accurate votes to verified (n/4), needs-fix votes to needs_fix, and a revision back to pending', async () => {
    await scenario.submitRoute('e1', alice);
    await scenario.later(1).submitRoute('e2', alice, { streetNames: ['Obote Avenue', 'Kabwe Road', 'Freedom Way'] });
    await scenario.later(1).submitRoute('e3', carol);
    for (const voter of [bob, carol, dan]) await scenario.verifyRoute('e1', voter, true);
    await scenario.verifyRoute('e2', bob, false);
    await project();
    expect(await encodingById(db, 'e1')).toMatchObject({ accurate_votes: 3, needs_fix_votes: 0, status: 'pending' });
    expect(ids(await pendingEncodings(db))).toEqual(['e3', 'e2', 'e1']);
    expect(ids(await pendingEncodings(db, { excludeAuthor: alice }))).toEqual(['e3']);
    expect(ids(await pendingEncodings(db, { excludeAuthor: bob, excludeVotedBy: bob }))).toEqual(['e3']);
    expect(ids(await pendingEncodings(db, { excludeAuthor: eve, excludeVotedBy: eve, limit: 2 }))).toEqual(['e3', 'e2']);

    await scenario.later(5).verifyRoute('e1', eve, true);
    await scenario.verifyRoute('e2', carol, false);
    await project();
    expect(await encodingById(db, 'e1')).toMatchObject({ accurate_votes: 4, status: 'verified', verified_at: new Date('2026-03-02T06:07:00Z') });
    expect(await encodingById(db, 'e2')).toMatchObject({ needs_fix_votes: 2, status: 'needs_fix' });
    expect(ids(await pendingEncodings(db))).toEqual(['e3']);

    await scenario.reviseRoute('e2', alice, { streetNames: ['Obote Avenue', 'Kabwe Road'] });
    await scenario.verifyRoute('e2', bob, true);
    await project();
    expect(await encodingById(db, 'e2')).toMatchObject({
      revision: 2, status: 'pending', accurate_votes: 1, needs_fix_votes: 0, street_names: ['Obote Avenue', 'Kabwe Road'], street_count: 2,
    });
    expect(ids(await pendingEncodings(db, { excludeVotedBy: carol }))).toEqual(['e3', 'e2']); // carol voted on revision 1 only
    expect(ids(await encodingsByAuthor(db, alice))).toEqual(['e2', 'e1']);

    expect(await contributionStats(db, alice)).toEqual({
      routesEncoded: 2, verifiedRoutes: 1, verificationsGiven: 0, verificationsReceived: 5, streetsMapped: 4,
    });
    expect(await contributionStats(db, bob)).toEqual({
      routesEncoded: 0, verifiedRoutes: 0, verificationsGiven: 3, verificationsReceived: 0, streetsMapped: 0,
    });
    expect(await contributionStats(db, carol)).toMatchObject({ routesEncoded: 1, verificationsGiven: 2, streetsMapped: 2 });
  });

  it('gives the same rows from one batch, from one event per batch, and when the events are applied twice', async () => {
    await appendV1Submission('legacy', dan, 'Kafue Road');
    await scenario.submitRoute('e1', alice);
    for (const voter of [bob, carol, dan, eve]) await scenario.verifyRoute('e1', voter, true);
    await scenario.submitRoute('e2', alice);
    await scenario.verifyRoute('e2', bob, false);
    await scenario.verifyRoute('e2', carol, false);
    await scenario.reviseRoute('e2', alice);
    await scenario.verifyRoute('e2', bob, true);
    await project(1_000);
    const encodings = await readModelRows(db, 'rm_route_encodings');
    const votes = await readModelRows(db, 'rm_route_encoding_votes');
    expect(votes).toHaveLength(7);

    await rebuildProjection({ pool: bed.pool, store: bed.store, projection: routeEncodingsProjection, batchSize: 1 });
    expect(await readModelRows(db, 'rm_route_encodings')).toEqual(encodings);
    expect(await readModelRows(db, 'rm_route_encoding_votes')).toEqual(votes);

    const again = await bed.store.readAll({ filter: routeEncodingsProjection.filter });
    const readModel: Kysely<RouteEncodingsTables> = db;
    await readModel.transaction().execute((trx) => routeEncodingsProjection.handle(trx, again.events));
    expect(await readModelRows(db, 'rm_route_encodings')).toEqual(encodings);
    expect(await readModelRows(db, 'rm_route_encoding_votes')).toEqual(votes);
  });
});
