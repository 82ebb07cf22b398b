import { sql, type Kysely } from 'kysely';
import type { BidOutcomesTables } from './bidOutcomes.table.js';
import { dayText, sliceConditions, toNumber, type AnalyticsSlice } from '../shared/slice.js';

export interface BidsLine {
  day: string;
  ridesWithBids: number;
  bidsPlaced: number;
  bidsAccepted: number;
  bidsRejected: number;
  bidsWithdrawn: number;
  bidsExpired: number;
  /** Bids placed per ride that had any, to two decimals. */
  bidsPerRide: number;
  /** Accepted / placed, 0–1, to four decimals. */
  acceptanceRate: number;
}

/** Per day placed over the whole slice, counted over the placements themselves (analytics.bids): distinct rides do not add up across cities. */
export async function bidOutcomes(db: Kysely<BidOutcomesTables>, slice: AnalyticsSlice): Promise<BidsLine[]> {
  const { rows } = await sql<Record<keyof BidsLine, string>>`
    SELECT ${dayText} AS day,
           count(DISTINCT ride_id) AS "ridesWithBids",
           count(*) AS "bidsPlaced",
           count(*) FILTER (WHERE status = 'accepted') AS "bidsAccepted",
           count(*) FILTER (WHERE status = 'rejected') AS "bidsRejected",
           count(*) FILTER (WHERE status = 'withdrawn') AS "bidsWithdrawn",
           count(*) FILTER (WHERE status = 'expired') AS "bidsExpired",
           round(count(*)::numeric / count(DISTINCT ride_id), 2) AS "bidsPerRide",
           round((count(*) FILTER (WHERE status = 'accepted'))::numeric / count(*), 4) AS "acceptanceRate"
      FROM analytics.bids
     WHERE ${sliceConditions(slice)}
     GROUP BY day
     ORDER BY day`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    ridesWithBids: toNumber(row.ridesWithBids),
    bidsPlaced: toNumber(row.bidsPlaced),
    bidsAccepted: toNumber(row.bidsAccepted),
    bidsRejected: toNumber(row.bidsRejected),
    bidsWithdrawn: toNumber(row.bidsWithdrawn),
    bidsExpired: toNumber(row.bidsExpired),
    bidsPerRide: toNumber(row.bidsPerRide),
    acceptanceRate: toNumber(row.acceptanceRate),
  }));
}
