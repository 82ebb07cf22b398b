import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { audioRecordingMachine } from '../audioRecording/machine.js';
import { bidMachine } from '../bid/machine.js';
import { dispatchMachine } from '../dispatch/machine.js';
import { driverDutyMachine } from '../driverDuty/machine.js';
import { driverVerificationMachine } from '../driverVerification/machine.js';
import { incidentMachine } from '../incident/machine.js';
import { paymentMachine } from '../payment/machine.js';
import { rideDecider } from '../ride/decider.js';
import { rideMachine } from '../ride/machine.js';
import { rideChecksMachine } from '../rideChecks/machine.js';
import { routeEncodingMachine } from '../routeEncoding/machine.js';
import { tripShareMachine } from '../tripShare/machine.js';
import { rideHistory } from '../../tests/support/fixtures/rideWalk.js';
import { fold } from './decider.js';

const lifecycles: Record<string, AnyStateMachine> = {
  audioRecordingMachine,
  bidMachine,
  dispatchMachine,
  driverDutyMachine,
  driverVerificationMachine,
  incidentMachine,
  paymentMachine,
  rideMachine,
  rideChecksMachine,
  routeEncodingMachine,
  tripShareMachine,
};

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodesOf)];

const visible = (state: { value: unknown; status: string; context: unknown }) => JSON.parse(JSON.stringify({ value: state.value, status: state.status, context: state.context })) as unknown;

describe('foldThrough: one inert scope per machine', () => {
  it.each(Object.entries(lifecycles))('%s invokes no actor, so no fold can leave one behind in the shared scope', (_, machine) => {
    for (const node of nodesOf(machine.root)) expect(node.invoke, node.id).toEqual([]);
  });

  it("folds a ride's history to the snapshot XState's own transition() gives, event after event", () => {
    fc.assert(
      fc.property(rideHistory, (history) => {
        let ours = rideDecider.initialState();
        let theirs = initialTransition(rideMachine)[0];
        expect(visible(ours)).toEqual(visible(theirs));
        for (const event of history) {
          expect(ours.can(event)).toBe(theirs.can(event));
          ours = rideDecider.evolve(ours, event);
          theirs = transition(rideMachine, theirs, event)[0];
          expect(visible(ours)).toEqual(visible(theirs));
        }
        expect(visible(fold(rideDecider, history))).toEqual(visible(theirs));
      }),
      { numRuns: 200 },
    );
  });

  it('shares one initial snapshot that no fold changes', () => {
    const initial = rideDecider.initialState();
    const before = structuredClone({ value: initial.value, status: initial.status, context: initial.context, historyValue: initial.historyValue });
    fc.assert(fc.property(rideHistory, (history) => void fold(rideDecider, history)), { numRuns: 100 });
    expect(rideDecider.initialState()).toBe(initial);
    expect({ value: initial.value, status: initial.status, context: initial.context, historyValue: initial.historyValue }).toEqual(before);
    expect(visible(initial)).toEqual(visible(initialTransition(rideMachine)[0]));
  });
});
