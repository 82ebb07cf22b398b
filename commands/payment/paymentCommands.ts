import { paymentDecider, paymentStatus, paymentStreamId, type PaymentCommand } from '../../domain/payment/index.js';
import type { CommandContext } from '../shared/handleCommand.js';
import { lifecycleCommands, type InputOf } from '../shared/lifecycleCommands.js';
import type { CommandServices } from '../shared/services.js';
import type { PaymentCommandResult } from './decideOnPayment.js';

const payment = lifecycleCommands(paymentDecider, (data) => paymentStreamId(data.rideId));

/** A command whose data is all the caller gives, answered like the others: events, state, status. */
function plain<Type extends PaymentCommand['type']>(type: Type) {
  const handle = payment(type);
  return async (
    services: CommandServices,
    input: InputOf<PaymentCommand, Type>,
    context: CommandContext,
  ): Promise<PaymentCommandResult> => {
    const result = await handle(services, input, context);
    return {
      rideId: input.rideId,
      events: result.events,
      repeated: result.repeated,
      state: result.state,
      status: paymentStatus(result.state),
    };
  };
}

/** Provider reports (callbacks and status polls), for the platform alone. */
export const recordPaymentAwaitingApproval = plain('RecordPaymentAwaitingApproval');
export const recordPaymentSucceeded = plain('RecordPaymentSucceeded');
export const recordPaymentFailed = plain('RecordPaymentFailed');
export const recordRefundCompleted = plain('RecordRefundCompleted');
export const recordRefundFailed = plain('RecordRefundFailed');
/** The approval timer. */
export const expirePayment = plain('ExpirePayment');
/** Cash: the driver confirms or reports it unpaid, the rider disputes, an admin decides. */
export const confirmCashCollected = plain('ConfirmCashCollected');
export const reportCashNotPaid = plain('ReportCashNotPaid');
export const disputeCashPayment = plain('DisputeCashPayment');
export const resolveCashDispute = plain('ResolveCashDispute');
/** An admin waives a payment nothing can still settle. */
export const cancelPayment = plain('CancelPayment');
