import { describe, expect, it } from 'vitest';
import { eventUpcasters } from '../upcasting/eventUpcasters.js';
import { parseRideEvent } from './events.js';

const cancelledV1 = (reason: string) => ({
  type: 'RideCancelled',
  data: {
    rideId: 'ride-kitwe-1',
    by: 'rider',
    byUserId: 'rider-1',
    reason,
    stage: 'pending',
    cancelledAt: '2026-03-04T06:15:00.000Z',
  },
  metadata: { schemaVersion: 1 },
});

/** What a reader does with what it loads: upcast, then check against today's schema. */
const read = (stored: ReturnType<typeof cancelledV1>) => parseRideEvent(eventUpcasters.upcast(stored));

describe('RideCancelled v1 → v2', () => {
  it('gives declining every bid its own code', () => {
    expect(read(cancelledV1('declined_all_bids')).data).toMatchObject({ reasonCode: 'declined_all_bids', reason: 'declined_all_bids' });
  });

  it('keeps any other text as it was, under other', () => {
    expect(read(cancelledV1('Nasintha malingaliro')).data).toMatchObject({ reasonCode: 'other', reason: 'Nasintha malingaliro' });
  });

  it('leaves a v2 event alone', () => {
    const v2 = { ...cancelledV1('Changed my plans'), metadata: { schemaVersion: 2 } };
    const withCode = { ...v2, data: { ...v2.data, reasonCode: 'changed_plans' } };
    expect(eventUpcasters.upcast(withCode).data).toEqual(withCode.data);
  });
});
