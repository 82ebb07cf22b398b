import { sql, type Kysely } from 'kysely';
import type { RideFactsRow, RideFactsTables } from '../rideFacts/index.js';
import { sliceConditions, type AnalyticsSlice } from '../shared/slice.js';

export interface CancellationLine {
  reasonCode: NonNullable<RideFactsRow['cancel_reason_code']>;
  stage: NonNullable<RideFactsRow['cancelled_stage']>;
  cancelledBy: NonNullable<RideFactsRow['cancelled_by']>;
  count: number;
}

/** Cancellations in a slice by reason code, stage and who cancelled, the most frequent first. */
export async function cancellations(db: Kysely<RideFactsTables>, slice: AnalyticsSlice): Promise<CancellationLine[]> {
  const { rows } = await sql<CancellationLine>`
    SELECT reason_code AS "reasonCode", stage, cancelled_by AS "cancelledBy", sum(cancellations)::int AS count
      FROM analytics.cancellations
     WHERE ${sliceConditions(slice)}
     GROUP BY reason_code, stage, cancelled_by
     ORDER BY count DESC, reason_code, stage, cancelled_by`.execute(db);
  return rows;
}
