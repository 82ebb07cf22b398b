import { paymentDecider, paymentMachine, type PaymentEvent, type PaymentState, type PaymentStatus } from '../../domain/payment/index.js';
import type { PaymentContext } from '../../domain/payment/attempts.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { readPaymentEvent, type Stored } from './storedEvents.js';
import { isNewer } from './upsert.js';

/** A payment as a read model keeps it between batches: the machine's state value and context. */
export interface StoredPaymentState {
  ride_id: string;
  status: PaymentStatus | 'none';
  context: PaymentContext;
  last_revision: string;
}

/** The machine's snapshot again from what a read model stored. */
export const resumePayment = (stored: StoredPaymentState | undefined): PaymentState =>
  stored === undefined ? paymentDecider.initialState() : paymentMachine.resolveState({ value: stored.status, context: stored.context });

export interface FoldedPayment {
  rideId: string;
  state: PaymentState;
  /** The events this batch added, in order, with when each was stored. */
  added: Array<Stored<PaymentEvent>>;
  lastRevision: string;
}

/**
 * The payment streams a batch touches, each folded from its stored state through the same machine
 * the write side uses. Events at or below a row's last revision were applied before: skipped.
 */
export function foldPayments(stored: ReadonlyMap<string, StoredPaymentState>, events: readonly RecordedEvent[]): FoldedPayment[] {
  const touched = new Map<string, FoldedPayment>();
  for (const recorded of events) {
    const item = readPaymentEvent(recorded);
    if (item === null) continue;
    const rideId = item.event.data.rideId;
    const folded = touched.get(rideId);
    const lastRevision = folded?.lastRevision ?? stored.get(rideId)?.last_revision;
    if (!isNewer(item.revision, lastRevision)) continue;
    const state = folded?.state ?? resumePayment(stored.get(rideId));
    touched.set(rideId, {
      rideId,
      state: paymentDecider.evolve(state, item.event),
      added: [...(folded?.added ?? []), item],
      lastRevision: item.revision.toString(),
    });
  }
  return [...touched.values()];
}

export const paymentRideIds = (events: readonly RecordedEvent[]): string[] => [
  ...new Set(events.map(readPaymentEvent).flatMap((item) => (item === null ? [] : [item.event.data.rideId]))),
];
