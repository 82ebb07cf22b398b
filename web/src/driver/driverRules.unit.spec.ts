import { describe, expect, it } from 'vitest';
import { driverDocumentKinds } from '../../../domain/driverVerification/documents.js';
import { HttpError } from '../api/http.js';
import { bidProblem } from './bidRules.js';
import { pinRefusal } from './pinAttempt.js';
import { documentField, emptyRegistration, formFieldOf, registrationBody, validateRegistration, type RegistrationValues } from './registration.js';

const today = '2026-12-01';

function complete(): RegistrationValues {
  const values = emptyRegistration('car');
  Object.assign(values, { licenceNumber: 'ZL-1', make: 'Toyota', model: 'Corolla', year: '2016', colour: 'Silver', plateNumber: 'bcd 1234' });
  for (const kind of driverDocumentKinds) values.documents[kind] = { reference: `${kind}-1`, expiresOn: '2028-01-31' };
  return values;
}

describe('the driver application form', () => {
  it('accepts a complete application and sends it in the API shape, every document in the kinds order', () => {
    expect(validateRegistration(complete(), today)).toEqual({});
    const body = registrationBody(complete());
    expect(body.vehicle).toEqual({ make: 'Toyota', model: 'Corolla', year: 2016, colour: 'Silver', plateNumber: 'bcd 1234', type: 'car' });
    expect(body.documents.map((document) => document.kind)).toEqual([...driverDocumentKinds]);
  });

  it('names every missing field, a year out of range and a document already expired', () => {
    const values = complete();
    values.make = ' ';
    values.year = '1949';
    values.documents.nrc = { reference: '', expiresOn: '2026-11-30' };
    values.documents.insurance.expiresOn = today;
    expect(validateRegistration(values, today)).toEqual({
      make: 'required',
      year: 'year',
      [documentField('nrc', 'reference')]: 'required',
      [documentField('nrc', 'expiresOn')]: 'expired',
    });
    expect(validateRegistration({ ...complete(), year: '2028' }, today)).toEqual({ year: 'year' });
    expect(validateRegistration({ ...complete(), year: '2027' }, today)).toEqual({});
  });

  it("puts the server's field names on the form's fields", () => {
    expect(formFieldOf('body.vehicle.year')).toBe('year');
    expect(formFieldOf('body.vehicle.type')).toBe('vehicleType');
    expect(formFieldOf('body.documents.3.expiresOn')).toBe(documentField(driverDocumentKinds[3]!, 'expiresOn'));
    expect(formFieldOf('body.licenceNumber')).toBe('licenceNumber');
  });
});

describe('a bid', () => {
  const ride = { quote: { floorNgwee: 1_500, ceilingNgwee: 7_500 } } as Parameters<typeof bidProblem>[1];
  it('must be a positive amount within the ride bounds', () => {
    expect(['', '0', '-3', 'abc', '14.99', '15', '75', '75.01'].map((text) => bidProblem(text, ride))).toEqual([
      'required',
      'positive',
      'positive',
      'positive',
      'low',
      null,
      null,
      'high',
    ]);
  });
});

describe('a refused start', () => {
  it('tells a wrong PIN (with the tries left) from a locked one', () => {
    expect(pinRefusal(new HttpError(409, '{"code":"pin_incorrect","message":"x","attemptsLeft":3}', 'Conflict'))).toEqual({ kind: 'incorrect', attemptsLeft: 3 });
    expect(pinRefusal(new HttpError(409, '{"code":"pin_locked","message":"x"}', 'Conflict'))).toEqual({ kind: 'locked' });
    expect(pinRefusal(new HttpError(403, '{"code":"forbidden"}', 'Forbidden'))).toBeNull();
    expect(pinRefusal(new Error('offline'))).toBeNull();
  });
});
