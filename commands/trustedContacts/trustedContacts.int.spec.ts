import { describe, expect, it } from 'vitest';
import { trustedContactsOf, trustedContactsStream } from '../../domain/trustedContacts/index.js';
import { admin, as, expectRefusal, passenger, storedTypes, uniqueId, useRideTestBed } from '../../tests/support/rideFixtures.js';
import { addTrustedContact, removeTrustedContact, updateTrustedContact } from './index.js';

const bed = useRideTestBed('trustedcontacts');

function givenRider() {
  const rider = passenger(uniqueId('rider'));
  return { rider, riderId: rider.userId, stream: trustedContactsStream(rider.userId) };
}

describe('trusted contacts', () => {
  it('a rider keeps up to three, numbers stored as E.164; a fourth is refused and nothing is appended', async () => {
    const { rider, riderId, stream } = givenRider();
    await addTrustedContact(bed.services, { riderId, name: 'Mary Chanda', phone: '0971234567', relationship: 'Mum' }, as(rider));
    await addTrustedContact(bed.services, { riderId, name: ' Joseph  Chanda ', phone: '+260 96 765 4321' }, as(rider));
    const third = await addTrustedContact(bed.services, { riderId, name: 'Natasha Banda', phone: '260771112223' }, as(rider));
    expect(trustedContactsOf(third.state).map(({ name, phone, relationship }) => ({ name, phone, relationship }))).toEqual([
      { name: 'Mary Chanda', phone: '+260971234567', relationship: 'Mum' },
      { name: 'Joseph Chanda', phone: '+260967654321', relationship: null },
      { name: 'Natasha Banda', phone: '+260771112223', relationship: null },
    ]);
    await expectRefusal(bed.store, [stream], () => addTrustedContact(bed.services, { riderId, name: 'Peter', phone: '0955000111' }, as(rider)), 'contact_limit_reached');
  });

  it('the same number twice is refused, as is a number that is not a Zambian mobile', async () => {
    const { rider, riderId, stream } = givenRider();
    await addTrustedContact(bed.services, { riderId, name: 'Mary Chanda', phone: '0971234567' }, as(rider));
    await expectRefusal(bed.store, [stream], () => addTrustedContact(bed.services, { riderId, name: 'Mum', phone: '097 123 4567' }, as(rider)), 'duplicate_contact', /0971234567/);
    await expectRefusal(bed.store, [stream], () => addTrustedContact(bed.services, { riderId, name: 'Office', phone: '0211 220006' }, as(rider)), 'invalid', /phone: must be a Zambian mobile number/);
  });

  it('a contact is changed and removed by the rider; nobody else touches the list', async () => {
    const { rider, riderId, stream } = givenRider();
    const added = await addTrustedContact(bed.services, { riderId, name: 'Mary Chanda', phone: '0971234567' }, as(rider));
    const contactId = trustedContactsOf(added.state)[0]!.contactId;
    for (const stranger of [passenger('someone-else'), admin]) {
      await expectRefusal(bed.store, [stream], () => removeTrustedContact(bed.services, { riderId, contactId }, as(stranger)), 'forbidden');
    }
    await updateTrustedContact(bed.services, { riderId, contactId, name: 'Mary C.', phone: '0961234567', relationship: 'mother' }, as(rider));
    await removeTrustedContact(bed.services, { riderId, contactId }, as(rider));
    expect(await storedTypes(bed.store, stream)).toEqual(['TrustedContactAdded', 'TrustedContactUpdated', 'TrustedContactRemoved']);
  });
});
