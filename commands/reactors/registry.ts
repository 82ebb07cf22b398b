import type { Projection } from '../../projections/runner/projection.js';
import { dispatchReactor, type DispatchOptions } from '../dispatch/dispatchReactor.js';
import { paymentCollectionReactor } from '../payment/collectionReactor.js';
import { paymentRequestReactor, type PaymentRequestWiring } from '../payment/paymentRequestReactor.js';
import { timerSchedulingReactor } from '../timers/timerSchedulingReactor.js';
import { bidSettlementReactor } from './bidSettlement.js';
import { driverDutyReactor } from './driverDuty.js';
import { safetyNetReactor } from './safetyNet.js';
import type { ReactorDeps } from './reaction.js';

export interface ReactorOptions {
  dispatch?: Partial<DispatchOptions>;
  /** Payments: whom to ask and through which gateway when a trip completes. Without it no payment is asked for by itself. */
  payments?: PaymentRequestWiring;
}

/**
 * Every reactor (process manager) of the write side: each runs on the projection runner with a
 * checkpoint and an advisory lock of its own, and issues commands with ids derived from the
 * events it reacts to.
 */
export function createReactors(deps: ReactorDeps, options: ReactorOptions = {}): Projection[] {
  return [
    bidSettlementReactor(deps),
    driverDutyReactor(deps),
    dispatchReactor(deps, options.dispatch),
    timerSchedulingReactor(deps.services),
    paymentCollectionReactor(),
    ...(options.payments ? [paymentRequestReactor(deps, options.payments)] : []),
    safetyNetReactor(deps),
  ];
}
