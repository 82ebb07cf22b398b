import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playScenario, fixedDeps } from '../shared/spec.js';
import { fold } from '../shared/index.js';
import type { TrustedContactCommand } from './commands.js';
import { trustedContactsDecider, trustedContactsOf } from './decider.js';
import { parseTrustedContactEvent } from './events.js';
import { rider, riderId } from '../../tests/support/fixtures/trustedContacts.js';
import { MAX_TRUSTED_CONTACTS } from './values.js';

/** Random adds, edits and removals over a few numbers: never more than three, never a number twice. */

const phones = ['0971234567', '+260961234567', '0771112223', '0955000111', '097 123 4567'];
const contactIds = ['id-1', 'id-2', 'id-3', 'id-4', 'id-5', 'id-6'];
const command: fc.Arbitrary<TrustedContactCommand> = fc.oneof(
  fc.record({ name: fc.constantFrom('Mary', ' Joseph  Chanda ', 'Natasha'), phone: fc.constantFrom(...phones) }).map(
    (data): TrustedContactCommand => ({ type: 'AddTrustedContact', actor: rider, data: { riderId, ...data } }),
  ),
  fc.record({ contactId: fc.constantFrom(...contactIds), phone: fc.constantFrom(...phones) }).map(
    ({ contactId, phone }): TrustedContactCommand => ({ type: 'UpdateTrustedContact', actor: rider, data: { riderId, contactId, name: 'Renamed', phone } }),
  ),
  fc.constantFrom(...contactIds).map((contactId): TrustedContactCommand => ({ type: 'RemoveTrustedContact', actor: rider, data: { riderId, contactId } })),
);

describe('trusted contacts under random edits', () => {
  it('hold at most three, each number once', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 30, size: 'max' }), (commands) => {
        const { steps, history, state } = playScenario(trustedContactsDecider, commands, fixedDeps({ ids: contactIds }));
        for (const step of steps) {
          const contacts = trustedContactsOf(step.after);
          expect(contacts.length).toBeLessThanOrEqual(MAX_TRUSTED_CONTACTS);
          expect(new Set(contacts.map((contact) => contact.phone)).size).toBe(contacts.length);
          if (step.refusal) expect(step.after).toBe(step.before);
        }
        for (const event of history) expect(parseTrustedContactEvent(event)).toEqual(event);
        expect(JSON.stringify(fold(trustedContactsDecider, history).context)).toBe(JSON.stringify(state.context));
      }),
      { numRuns: 200 },
    );
  });
});
