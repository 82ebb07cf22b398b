import { DomainError, notAllowedInState } from '../shared/errors.js';
import type { Actor } from '../shared/command.js';
import type { PaymentContext } from './attempts.js';
import type { ParsedPaymentCommand } from './commands.js';
import type { PaymentEvent } from './events.js';
import { describePaymentState, type PaymentState } from './status.js';

/** A payment that exists: its context with the ride's parties known. */
export type ExistingPayment = PaymentContext & { rideId: string; riderId: string; driverId: string; driverUserId: string };

export function requirePayment(state: PaymentState, command: ParsedPaymentCommand): ExistingPayment {
  const { context } = state;
  if (context.rideId === null || context.riderId === null || context.driverId === null || context.driverUserId === null) {
    throw new DomainError('not_found', `ride ${command.data.rideId} has no payment`, { rideId: command.data.rideId });
  }
  return context as ExistingPayment;
}

export function forbidden(command: ParsedPaymentCommand): DomainError {
  const { userId, role } = command.actor;
  return new DomainError('forbidden', `${command.type} is not allowed for ${role} ${userId} on this payment`, {
    command: command.type,
    userId,
    role,
  });
}

/** Provider outcomes, expiry and refund results come from the platform itself, never from a person. */
export function requireSystem(command: ParsedPaymentCommand): void {
  if (command.actor.role !== 'system') throw forbidden(command);
}

export const isRider = (actor: Actor, payment: ExistingPayment) => actor.role === 'passenger' && actor.userId === payment.riderId;
export const isDriver = (actor: Actor, payment: ExistingPayment) => actor.role === 'driver' && actor.userId === payment.driverUserId;

/** The event if the payment's machine takes it now; otherwise the command is not allowed in this state. */
export function possible(command: ParsedPaymentCommand, state: PaymentState, event: PaymentEvent): PaymentEvent[] {
  if (!state.can(event)) throw notAllowedInState(command.type, describePaymentState(state));
  return [event];
}

export function invalid(field: string, message: string, details: Record<string, unknown> = {}): DomainError {
  return new DomainError('invalid', `${field}: ${message}`, { field, ...details });
}
