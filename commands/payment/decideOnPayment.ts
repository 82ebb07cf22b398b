import {
  paymentDecider,
  paymentStatus,
  paymentStreamId,
  type PaymentCommand,
  type PaymentEvent,
  type PaymentState,
  type PaymentStatus,
} from '../../domain/payment/index.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { loadState } from '../shared/driverFacts.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';

export interface PaymentCommandResult {
  rideId: string;
  events: PaymentEvent[];
  repeated: boolean;
  state: PaymentState;
  status: PaymentStatus | null;
}

/** The one write path to a payment stream: load, fold, decide, append (see handleCommand). */
export async function decideOnPayment(
  services: CommandServices,
  command: PaymentCommand,
  context: CommandContext,
): Promise<PaymentCommandResult> {
  const { rideId } = command.data;
  const result = await handleCommand(
    services.store,
    paymentStreamId(rideId),
    paymentDecider,
    command,
    context,
    decideDeps(services),
    lifecycleOptions<PaymentEvent>(),
  );
  return { rideId, events: result.events, repeated: result.repeated, state: result.state, status: paymentStatus(result.state) };
}

export async function loadPayment(store: EventStore, rideId: string): Promise<PaymentState> {
  return (await loadState<PaymentState, PaymentEvent>(store, paymentStreamId(rideId), paymentDecider)).state;
}
