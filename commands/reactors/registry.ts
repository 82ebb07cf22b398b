import type { Projection } from '../../projections/runner/projection.js';
import { dispatchReactor, type DispatchOptions } from '../dispatch/dispatchReactor.js';
import { timerSchedulingReactor } from '../timers/timerSchedulingReactor.js';
import { bidSettlementReactor } from './bidSettlement.js';
import { driverDutyReactor } from './driverDuty.js';
import type { ReactorDeps } from './reaction.js';

export interface ReactorOptions {
  dispatch?: Partial<DispatchOptions>;
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
  ];
}
