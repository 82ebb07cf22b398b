import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/command.js';
import { fold } from '../shared/decider.js';
import { fixedDeps, playScenario } from '../shared/spec.js';
import type { DriverVerificationCommand } from './commands.js';
import { driverVerificationDecider, driverVerificationStatus, type DriverVerificationState } from './decider.js';
import { driverVerificationEventSchema } from './events.js';
import { admin, applicant, submitApplication, validDocuments } from '../../tests/support/fixtures/driverVerification.js';
import type { DriverVerificationStatus } from './machine.js';

const actors: Actor[] = [
  applicant,
  { userId: 'user-other', role: 'driver' },
  admin,
  { userId: 'staff-bwalya', role: 'staff' },
  { userId: 'passenger-1', role: 'passenger' },
  { userId: 'dispatch', role: 'system' },
];

/** The applicant and the admin come up more often, so the walks reach every status. */
const actor = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(applicant, admin) }, { weight: 1, arbitrary: fc.constantFrom(...actors) });
/** Mostly a reason that stands, so applications get rejected and approvals suspended often enough. */
const reason = fc.constantFrom('Documents unreadable', 'Documents unreadable', 'Documents unreadable', '  ');
const documents = fc.constantFrom(
  validDocuments,
  validDocuments.slice(1),
  validDocuments.map((document) => (document.kind === 'insurance' ? { ...document, expiresOn: '2024-12-31' } : document)),
);

const verificationCommand: fc.Arbitrary<DriverVerificationCommand> = fc.oneof(
  fc.tuple(actor, documents).map(([by, docs]) => submitApplication({ documents: docs }, by)),
  actor.map((by): DriverVerificationCommand => ({ type: 'ApproveDriver', data: { driverId: 'driver-1' }, actor: by })),
  fc.tuple(actor, reason).map(([by, why]): DriverVerificationCommand => ({ type: 'RejectDriver', data: { driverId: 'driver-1', reason: why }, actor: by })),
  fc.tuple(actor, reason).map(([by, why]): DriverVerificationCommand => ({ type: 'SuspendDriver', data: { driverId: 'driver-1', reason: why }, actor: by })),
  actor.map((by): DriverVerificationCommand => ({ type: 'ReinstateDriver', data: { driverId: 'driver-1' }, actor: by })),
);

const view = (state: DriverVerificationState) => ({ status: driverVerificationStatus(state), context: state.context });

const allowedMoves: Record<DriverVerificationStatus, DriverVerificationStatus[]> = {
  notApplied: ['pending'],
  pending: ['approved', 'rejected'],
  rejected: ['pending'],
  approved: ['suspended'],
  suspended: ['approved'],
};

describe('driver verification, under any sequence of commands from any actor', () => {
  it('refused commands change nothing, every event is one the machine takes, and folding the stream again gives the same state', () => {
    fc.assert(
      fc.property(fc.array(verificationCommand, { maxLength: 30, size: 'max' }), (commands) => {
        const { steps, history, state } = playScenario(driverVerificationDecider, commands, fixedDeps());
        for (const step of steps) {
          if (step.refusal) expect(view(step.after)).toEqual(view(step.before));
          step.events.reduce((before, event) => {
            expect(before.can(event)).toBe(true);
            return driverVerificationDecider.evolve(before, event);
          }, step.before);
        }
        const stored = JSON.parse(JSON.stringify(history)).map((event: unknown) => driverVerificationEventSchema.parse(event));
        expect(view(fold(driverVerificationDecider, stored))).toEqual(view(state));
      }),
    );
  });

  it('moves only along pending → approved | rejected, rejected → pending, approved ⇄ suspended, and only an admin decides', () => {
    const reached = new Set<DriverVerificationStatus>();
    fc.assert(
      fc.property(fc.array(verificationCommand, { maxLength: 30, size: 'max' }), (commands) => {
        for (const step of playScenario(driverVerificationDecider, commands, fixedDeps()).steps) {
          const from = driverVerificationStatus(step.before);
          const to = driverVerificationStatus(step.after);
          reached.add(to);
          if (from === to) continue;
          expect(allowedMoves[from]).toContain(to);
          expect(step.command.actor.role).toBe(to === 'pending' ? 'driver' : 'admin');
        }
      }),
      { numRuns: 300 },
    );
    // Unless the walks visit every status, the property says nothing about the moves out of it. Over
    // 100 seeds the fewest runs reaching one were 5, for suspended (2 when a blank reason came half the time).
    expect([...reached].sort()).toEqual(['approved', 'notApplied', 'pending', 'rejected', 'suspended']);
  });
});
