import { describe, expect, it } from 'vitest';
import type { NewAdminActivityRow } from './adminActivity.table.js';
import { ACTIVITY_KEPT, newestOf } from './projection.js';

/** The row of the page's `index`th event, in `$all` order. */
const entry = (index: number, atMs: number): NewAdminActivityRow => ({
  event_id: `event-${index}`,
  at: new Date(atMs),
  position_commit: String(100 + index),
  position_prepare: String(100 + index),
  kind: 'ride_requested',
  actor_user_id: null,
  actor_role: null,
  subject_type: 'ride',
  subject_id: `ride-${index}`,
  details: {},
});

describe("a page's activity rows before the feed keeps its newest", () => {
  it('leaves a page of at most ACTIVITY_KEPT rows whole', () => {
    const rows = Array.from({ length: ACTIVITY_KEPT }, (_, index) => entry(index, 1_000 + index));
    expect(newestOf(rows)).toBe(rows);
  });

  it('keeps the last ACTIVITY_KEPT rows of a longer page, its newest in `$all`, whatever instants they were stored at', () => {
    // 1,500 rows; rows 495–504 were stored in one instant, across the boundary of what is kept.
    const atOf = (index: number) => (index >= 495 && index <= 504 ? 495 : index);
    const rows = Array.from({ length: 1_500 }, (_, index) => entry(index, 10_000 + atOf(index)));
    const kept = newestOf(rows);
    expect(kept.map((row) => row.event_id)).toEqual(rows.slice(500).map((row) => row.event_id));
  });
});
