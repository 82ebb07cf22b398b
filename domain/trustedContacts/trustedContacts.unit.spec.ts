import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { trustedContactsDecider, trustedContactsOf } from './decider.js';
import { parseTrustedContactEvent } from './events.js';
import { add, added, admin, brother, brotherAdded, friendAdded, mum, mumAdded, now, otherRider, riderId, rider, threeContacts } from '../../tests/support/fixtures/trustedContacts.js';
import { MAX_CONTACT_NAME_LENGTH } from './values.js';

const spec = DeciderSpecification.for(trustedContactsDecider);
const withId = (id: string) => fixedDeps({ now, ids: [id] });
const update = (contactId: string, contact: { name: string; phone: string; relationship?: string | null }) =>
  ({ type: 'UpdateTrustedContact', actor: rider, data: { riderId, contactId, ...contact } }) as const;
const remove = (contactId: string) => ({ type: 'RemoveTrustedContact', actor: rider, data: { riderId, contactId } }) as const;

describe('AddTrustedContact', () => {
  it('adds a contact with the number stored as E.164', () => spec([]).when(add(mum), withId('contact-mum')).then([mumAdded]));

  it('tidies the name and leaves out a blank relationship', () =>
    spec([]).when(add({ name: '  Mary   Chanda ', phone: '097 123 4567', relationship: '   ' }), withId('c-1')).then([added('c-1', 'Mary Chanda', '+260971234567', null)]));

  it('keeps up to three, and refuses a fourth', () => {
    spec([mumAdded, brotherAdded]).when(add({ name: 'Natasha Banda', phone: '260771112223' }), withId('contact-friend')).then([friendAdded]);
    spec(threeContacts).when(add({ name: 'Peter Mulenga', phone: '0955000111' }), withId('c-4')).thenThrows('contact_limit_reached', 'at most 3');
  });

  it('refuses the same number twice, however it is written', () =>
    spec([mumAdded]).when(add({ name: 'Mother', phone: '+260 97 123 4567' }), withId('c-2')).thenThrows('duplicate_contact', 'phone: 0971234567 is already a trusted contact (Mary Chanda)'));

  it.each([
    [{ ...mum, phone: '0211220006' }, 'phone: must be a Zambian mobile number'],
    [{ ...mum, phone: '+27821234567' }, 'phone: must be a Zambian mobile number'],
    [{ ...mum, name: '   ' }, 'name: must not be blank'],
    [{ ...mum, name: 'M'.repeat(MAX_CONTACT_NAME_LENGTH + 1) }, 'name: must be at most 60 characters'],
    [{ ...mum, relationship: 'r'.repeat(41) }, 'relationship: must be at most 40 characters'],
  ])('refuses %j, naming the field', (contact, message) => spec([]).when(add(contact), withId('c-1')).thenThrows('invalid', message));

  it.each([otherRider, admin, { userId: riderId, role: 'driver' as const }])('keeps the list the rider’s own: $userId ($role) is forbidden', (actor) =>
    spec([]).when(add(mum, actor), withId('c-1')).thenThrows('forbidden'));
});

describe('UpdateTrustedContact', () => {
  it('changes a contact', () =>
    spec([mumAdded]).when(update('contact-mum', { name: 'Mary C.', phone: '0961234567', relationship: 'mother' }), fixedDeps({ now })).then([
      { type: 'TrustedContactUpdated', data: { riderId, contactId: 'contact-mum', name: 'Mary C.', relationship: 'mother', phone: '+260961234567', updatedAt: now } },
    ]));

  it('does nothing when nothing changed', () => spec([mumAdded]).when(update('contact-mum', mum), fixedDeps({ now })).thenNothingHappened());

  it('refuses a number another contact has, and an unknown contact', () => {
    spec([mumAdded, brotherAdded]).when(update('contact-mum', { ...mum, phone: brother.phone }), fixedDeps({ now })).thenThrows('duplicate_contact');
    spec([mumAdded]).when(update('contact-nobody', mum), fixedDeps({ now })).thenThrows('not_found', 'contact-nobody');
  });
});

describe('RemoveTrustedContact', () => {
  it('removes a contact, making room for another', () => {
    spec(threeContacts).when(remove('contact-brother'), fixedDeps({ now })).then([{ type: 'TrustedContactRemoved', data: { riderId, contactId: 'contact-brother', removedAt: now } }]);
    const afterRemoval = [...threeContacts, { type: 'TrustedContactRemoved' as const, data: { riderId, contactId: 'contact-brother', removedAt: now } }];
    spec(afterRemoval).when(add(brother), withId('contact-brother-2')).then([added('contact-brother-2', 'Joseph Chanda', '+260967654321', 'brother')]);
  });

  it('refuses a contact that is not on the list', () => spec([mumAdded]).when(remove('contact-brother'), fixedDeps({ now })).thenThrows('not_found'));
});

it('lists the contacts in the order they were added, and every spec event is valid', () => {
  for (const event of threeContacts) expect(parseTrustedContactEvent(event)).toEqual(event);
  const state = fold(trustedContactsDecider, threeContacts);
  expect(state.value).toBe('full');
  expect(trustedContactsOf(state).map((contact) => contact.name)).toEqual(['Mary Chanda', 'Joseph Chanda', 'Natasha Banda']);
});
