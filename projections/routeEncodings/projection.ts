import type { RouteEncodingEvent } from '../../domain/routeEncoding/events.js';
import { assertNever } from '../../domain/shared/command.js';
import { defineProjection } from '../runner/projection.js';
import { foldRowsPerStream } from '../shared/foldRows.js';
import { readRouteEncodingEvent, streamPrefixes, type Stored } from '../shared/storedEvents.js';
import { anyOf, upsertRows } from '../shared/upsert.js';
import { routeEncodingsMigrations } from './migrations.js';
import type { RouteEncodingRow, RouteEncodingsTables, RouteEncodingVoteRow } from './routeEncodings.table.js';

/** The encoding after one more of its events (upcast first: v1 submissions carried the streets as one string). */
export function foldEncoding(row: RouteEncodingRow | undefined, item: Stored<RouteEncodingEvent>): RouteEncodingRow | undefined {
  const { event, revision, created } = item;
  const moved = { updated_at: created, last_revision: revision.toString() };
  if (event.type === 'RouteEncodingSubmitted') {
    const { encodingId, authorId, startAddress, endAddress, streetNames, coordinates, region, submittedAt } = event.data;
    return row ?? {
      encoding_id: encodingId,
      author_id: authorId,
      start_address: startAddress,
      end_address: endAddress,
      street_names: streetNames,
      street_count: streetNames.length,
      coordinates,
      region,
      revision: 1,
      accurate_votes: 0,
      needs_fix_votes: 0,
      status: 'pending',
      created_at: new Date(submittedAt),
      verified_at: null,
      ...moved,
    };
  }
  if (!row) return undefined;
  switch (event.type) {
    case 'RouteEncodingRevised': {
      const { startAddress, endAddress, streetNames, coordinates } = event.data;
      return {
        ...row,
        ...moved,
        start_address: startAddress,
        end_address: endAddress,
        street_names: streetNames,
        street_count: streetNames.length,
        coordinates,
        revision: event.data.revision,
        accurate_votes: 0,
        needs_fix_votes: 0,
        status: 'pending',
      };
    }
    case 'RouteVerificationRecorded':
      return event.data.isAccurate
        ? { ...row, ...moved, accurate_votes: row.accurate_votes + 1 }
        : { ...row, ...moved, needs_fix_votes: row.needs_fix_votes + 1 };
    case 'RouteEncodingVerified':
      return { ...row, ...moved, status: 'verified', verified_at: new Date(event.data.verifiedAt) };
    case 'RouteEncodingMarkedForFix':
      return { ...row, ...moved, status: 'needs_fix' };
    default:
      return assertNever(event);
  }
}

export const routeEncodingsProjection = defineProjection<RouteEncodingsTables>({
  name: 'routeEncodings',
  filter: { streamNamePrefixes: [streamPrefixes.routeEncoding] },
  tables: ['rm_route_encodings', 'rm_route_encoding_votes'],
  migrations: routeEncodingsMigrations,
  async handle(trx, events) {
    const items = events.map(readRouteEncodingEvent).filter((item) => item !== null);
    const ids = [...new Set(items.map((item) => item.event.data.encodingId))];
    if (ids.length === 0) return;
    const stored = await trx.selectFrom('rm_route_encodings').selectAll().where('encoding_id', '=', anyOf(ids)).execute();
    const byId = new Map(stored.map((row) => [row.encoding_id, row]));
    const rows = foldRowsPerStream(byId, items, (event) => event.data.encodingId, foldEncoding);
    if (rows.length > 0) {
      await upsertRows(trx, 'rm_route_encodings', rows, { key: ['encoding_id'], onConflict: 'replace' });
    }
    const votes = items.flatMap(({ event }): RouteEncodingVoteRow[] => {
      if (event.type !== 'RouteVerificationRecorded') return [];
      const { encodingId, revision, contributorId, isAccurate, recordedAt } = event.data;
      return [{ encoding_id: encodingId, revision, contributor_id: contributorId, is_accurate: isAccurate, recorded_at: new Date(recordedAt) }];
    });
    if (votes.length > 0) {
      await trx
        .insertInto('rm_route_encoding_votes')
        .values(votes)
        .onConflict((oc) => oc.columns(['encoding_id', 'revision', 'contributor_id']).doNothing())
        .execute();
    }
  },
});
