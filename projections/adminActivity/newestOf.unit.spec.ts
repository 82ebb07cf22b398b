import { describe, expect, it } from 'vitest';
import type { NewAdminActivityRow } from './adminActivity.table.js';
import { ACTIVITY_KEPT, newestOf } from './projection.js';

const entry = (index: number, atMs: number): NewAdminActivityRow => ({
  event_id: `event-${index}`,
  at: new Date(atMs),
  kind: 'ride_requested',
  actor_user_id: null,
  actor_role: null,
  subject_type: 'ride',
  subject_id: `ride-${index}`,
  details: {},
});

describe("a page's activity rows before the feed keeps its newest", () => {
  it('leaves a page of at most ACTIVITY_KEPT rows whole', () => {
    const rows = Array.from({ length: ACTIVITY_KEPT }, (_, index) => entry(index, 1_000 - index));
    expect(newestOf(rows)).toBe(rows);
  });

  it('drops only rows with ACTIVITY_KEPT newer ones in the page, keeping every row as new as the last one kept', () => {
    // 1,500 rows, one per millisecond, except that rows 995–1,004 share one instant: the boundary.
    const atOf = (index: number) => (index >= 995 && index <= 1004 ? 995 : index);
    const rows = Array.from({ length: 1_500 }, (_, index) => entry(index, 10_000 - atOf(index)));
    const kept = newestOf(rows.toReversed());
    expect(kept).toHaveLength(1_005);
    expect(new Set(kept.map((row) => row.event_id))).toEqual(new Set(rows.slice(0, 1_005).map((row) => row.event_id)));
  });
});
