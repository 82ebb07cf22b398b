import { sql, type Kysely } from 'kysely';
import type { RouteEncodingRow, RouteEncodingsTables } from './routeEncodings.table.js';

type Db = Kysely<RouteEncodingsTables>;

export async function encodingById(db: Db, encodingId: string): Promise<RouteEncodingRow | undefined> {
  return db.selectFrom('rm_route_encodings').selectAll().where('encoding_id', '=', encodingId).executeTakeFirst();
}

/**
 * The "Verify Routes" list: encodings awaiting votes, newest first. A contributor passes their id
 * twice over: their own encodings are not theirs to verify, nor the ones they have voted on.
 */
export async function pendingEncodings(
  db: Db,
  options: { excludeAuthor?: string; excludeVotedBy?: string; limit?: number } = {},
): Promise<RouteEncodingRow[]> {
  const limit = options.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new RangeError(`limit: must be an integer from 1 to 200, got ${limit}`);
  let query = db.selectFrom('rm_route_encodings as encoding').selectAll('encoding').where('encoding.status', '=', 'pending');
  if (options.excludeAuthor !== undefined) query = query.where('encoding.author_id', '<>', options.excludeAuthor);
  const voter = options.excludeVotedBy;
  if (voter !== undefined) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('rm_route_encoding_votes as vote')
            .select(sql`1`.as('one'))
            .whereRef('vote.encoding_id', '=', 'encoding.encoding_id')
            .whereRef('vote.revision', '=', 'encoding.revision')
            .where('vote.contributor_id', '=', voter),
        ),
      ),
    );
  }
  return query.orderBy('encoding.created_at', 'desc').orderBy('encoding.encoding_id').limit(limit).execute();
}

/** A contributor's own encodings, newest first. */
export async function encodingsByAuthor(db: Db, authorId: string): Promise<RouteEncodingRow[]> {
  return db
    .selectFrom('rm_route_encodings')
    .selectAll()
    .where('author_id', '=', authorId)
    .orderBy('created_at', 'desc')
    .orderBy('encoding_id')
    .execute();
}

export interface ContributionStats {
  routesEncoded: number;
  /** Of those, how many are verified. */
  verifiedRoutes: number;
  /** Votes this contributor cast on other people's encodings. */
  verificationsGiven: number;
  /** Accurate votes on the current revisions of this contributor's encodings. */
  verificationsReceived: number;
  /** Street names across this contributor's encodings (current revisions). */
  streetsMapped: number;
}

/** "Your Mapping Contributions" (spec 001 §2, geo-mapping page). */
export async function contributionStats(db: Db, userId: string): Promise<ContributionStats> {
  const [own, given] = await Promise.all([
    db
      .selectFrom('rm_route_encodings')
      .select([
        sql<number>`count(*)::int`.as('routes'),
        sql<number>`(count(*) FILTER (WHERE status = 'verified'))::int`.as('verified'),
        sql<number>`coalesce(sum(accurate_votes), 0)::int`.as('received'),
        sql<number>`coalesce(sum(street_count), 0)::int`.as('streets'),
      ])
      .where('author_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rm_route_encoding_votes')
      .select(sql<number>`count(*)::int`.as('votes'))
      .where('contributor_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    routesEncoded: own.routes,
    verifiedRoutes: own.verified,
    verificationsGiven: given.votes,
    verificationsReceived: own.received,
    streetsMapped: own.streets,
  };
}

/** What the router joins to the road network: every verified encoding's streets and line. */
export interface VerifiedEncoding {
  encodingId: string;
  streetNames: string[];
  coordinates: { lat: number; lng: number }[];
}

/**
 * The verified encodings, with a mark that changes whenever any encoding does (its last update
 * and how many there are), so a caller can reload only when something moved.
 */
export async function verifiedEncodings(db: Db): Promise<{ mark: string; encodings: VerifiedEncoding[] }> {
  const mark = await encodingsMark(db);
  const rows = await db
    .selectFrom('rm_route_encodings')
    .select(['encoding_id', 'street_names', 'coordinates'])
    .where('status', '=', 'verified')
    .orderBy('encoding_id')
    .execute();
  return {
    mark,
    encodings: rows.map((row) => ({ encodingId: row.encoding_id, streetNames: row.street_names, coordinates: row.coordinates })),
  };
}

/** Only the mark of verifiedEncodings: one cheap row. */
export async function encodingsMark(db: Db): Promise<string> {
  const mark = await db
    .selectFrom('rm_route_encodings')
    .select([sql<string>`coalesce(max(updated_at)::text, '')`.as('latest'), sql<number>`count(*)::int`.as('count')])
    .executeTakeFirstOrThrow();
  return `${mark.latest}|${mark.count}`;
}
