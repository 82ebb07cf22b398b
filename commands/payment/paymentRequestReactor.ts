import { isMobileMoneyMethod, type MobileMoneyMethod } from '../../domain/catalogue/payments.js';
import type { PaymentGatewayId } from '../../domain/payment/index.js';
import type { RideEventOf } from '../../domain/ride/index.js';
import { DomainError } from '../../domain/shared/index.js';
import { WrongExpectedVersionError, type RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';
import { reactPerKey } from '../reactors/perKey.js';
import { domainEventOf, ReactionConflictError, reactionContext, type ReactorDeps } from '../reactors/reaction.js';
import { loadRide } from '../ride/loadRide.js';
import { requestPayment } from './requestPayment.js';

/** How the platform knows whom to ask and through which gateway; wired from configuration and the rider's saved accounts. */
export interface PaymentRequestWiring {
  /** The gateway that collects each wallet now; null where none does. */
  gatewayFor(method: MobileMoneyMethod): PaymentGatewayId | null;
  /** The rider's number for that wallet (their default saved account for it, else their own phone); null when unknown. */
  payerPhoneOf(riderId: string, method: MobileMoneyMethod): Promise<string | null>;
}

const NAME = 'paymentRequests';

/**
 * Completing a ride asks for its agreed fare by the ride's payment method: the payment stream is
 * named for the ride and the command id is derived from the TripCompleted event, so a batch
 * applied again asks nothing twice. When mobile money cannot be asked for (no number on that
 * network, no gateway configured) the refusal is logged and the rider pays from the ride's page.
 */
export interface PaymentRequestTables {
  /** Each completed ride once, with whether its payment was asked for or why not (for support). */
  reactor_payment_requests: { ride_id: string; outcome: 'requested' | 'repeated' | 'refused'; detail: string | null };
}

export function paymentRequestReactor(deps: ReactorDeps, wiring: PaymentRequestWiring): Projection<PaymentRequestTables> {
  return defineProjection<PaymentRequestTables>({
    name: NAME,
    // It issues commands: its own transaction, so the read models do not wait on them.
    ownTransaction: true,
    filter: { eventTypePrefixes: ['TripCompleted'] },
    tables: ['reactor_payment_requests'],
    migrations: {
      '2026-11-26T00-00_payment_requests': {
        async up(db) {
          await db.schema
            .createTable('reactor_payment_requests')
            .addColumn('ride_id', 'text', (column) => column.primaryKey())
            .addColumn('outcome', 'text', (column) => column.notNull())
            .addColumn('detail', 'text')
            .execute();
        },
        async down(db) {
          await db.schema.dropTable('reactor_payment_requests').execute();
        },
      },
    },
    async handle(trx, events) {
      const note = (rideId: string, outcome: PaymentRequestTables['reactor_payment_requests']['outcome'], detail: string | null) =>
        trx
          .insertInto('reactor_payment_requests')
          .values({ ride_id: rideId, outcome, detail })
          .onConflict((oc) => oc.column('ride_id').doUpdateSet({ outcome, detail }))
          .execute();
      // One TripCompleted per ride, and each ride's payment is its own: rides side by side.
      const isTripCompleted = (recorded: RecordedEvent) => recorded.streamName.startsWith('ride-') && recorded.type === 'TripCompleted';
      await reactPerKey(events, (recorded) => (isTripCompleted(recorded) ? recorded.streamName : null), async (recorded) => {
        const { rideId } = domainEventOf<RideEventOf<'TripCompleted'>>(recorded).data;
        const context = reactionContext(recorded, 'request-payment', NAME);
        try {
          const { state: ride } = await loadRide(deps.services.store, rideId);
          const booking = ride.context.booking;
          if (booking === null) return;
          const method = booking.paymentMethod;
          const terms = isMobileMoneyMethod(method)
            ? {
                payerPhone: (await wiring.payerPhoneOf(booking.riderId, method)) ?? undefined,
                gateway: wiring.gatewayFor(method) ?? undefined,
              }
            : {};
          const result = await requestPayment(deps.services, { rideId, ...terms }, context);
          await note(rideId, result.repeated ? 'repeated' : 'requested', null);
        } catch (error) {
          if (error instanceof DomainError) {
            await note(rideId, 'refused', error.message);
            deps.logger.info({ reactor: NAME, rideId, code: error.code, correlationId: context.correlationId }, `payment not requested: ${error.message}`);
            return;
          }
          if (error instanceof WrongExpectedVersionError) throw new ReactionConflictError(error);
          throw error;
        }
      });
    },
  });
}
