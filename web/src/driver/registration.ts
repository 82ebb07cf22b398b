import { driverDocumentKinds, type DriverDocumentKind } from '../../../domain/driverVerification/documents.js';
import type { VehicleId } from '../../../domain/catalogue/index.js';
import type { RegisterDriverBody } from '../../../contract/drivers.js';

/** The driver application form's values (what POST /api/drivers/register takes, as typed). */
export interface RegistrationValues {
  licenceNumber: string;
  make: string;
  model: string;
  year: string;
  colour: string;
  plateNumber: string;
  vehicleType: string;
  documents: Record<DriverDocumentKind, { reference: string; expiresOn: string }>;
}

export type RegistrationErrors = Partial<Record<string, 'required' | 'year' | 'expired'>>;

export const emptyRegistration = (vehicleType = 'car'): RegistrationValues => ({
  licenceNumber: '',
  make: '',
  model: '',
  year: '',
  colour: '',
  plateNumber: '',
  vehicleType,
  documents: Object.fromEntries(driverDocumentKinds.map((kind) => [kind, { reference: '', expiresOn: '' }])) as RegistrationValues['documents'],
});

/** Field names as the form uses them for ids and errors: "make", "documents.nrc.reference". */
export const documentField = (kind: DriverDocumentKind, part: 'reference' | 'expiresOn') => `documents.${kind}.${part}`;

/**
 * What is wrong before sending (the server checks again and names its fields): every field
 * filled, a year from 1950 to next year, no document already expired on `today` (YYYY-MM-DD).
 */
export function validateRegistration(values: RegistrationValues, today: string): RegistrationErrors {
  const errors: RegistrationErrors = {};
  for (const field of ['licenceNumber', 'make', 'model', 'colour', 'plateNumber', 'vehicleType'] as const) {
    if (!values[field].trim()) errors[field] = 'required';
  }
  const year = Number(values.year);
  const nextYear = Number(today.slice(0, 4)) + 1;
  if (!values.year.trim()) errors.year = 'required';
  else if (!Number.isInteger(year) || year < 1950 || year > nextYear) errors.year = 'year';
  for (const kind of driverDocumentKinds) {
    const document = values.documents[kind];
    if (!document.reference.trim()) errors[documentField(kind, 'reference')] = 'required';
    if (!document.expiresOn) errors[documentField(kind, 'expiresOn')] = 'required';
    else if (document.expiresOn < today) errors[documentField(kind, 'expiresOn')] = 'expired';
  }
  return errors;
}

/** The request body for POST /api/drivers/register (contract/drivers.ts RegisterDriverBody). */
export function registrationBody(values: RegistrationValues): RegisterDriverBody {
  return {
    licenceNumber: values.licenceNumber.trim(),
    vehicle: {
      make: values.make.trim(),
      model: values.model.trim(),
      year: Number(values.year),
      colour: values.colour.trim(),
      plateNumber: values.plateNumber.trim(),
      type: values.vehicleType as VehicleId,
    },
    documents: driverDocumentKinds.map((kind) => ({
      kind,
      reference: values.documents[kind].reference.trim(),
      expiresOn: values.documents[kind].expiresOn,
    })),
  };
}

/** A server issue's field ("body.vehicle.year", "body.documents.2.expiresOn") as the form names it. */
export function formFieldOf(serverField: string): string {
  const path = serverField.replace(/^body\./, '');
  const vehicle = /^vehicle\.(\w+)$/.exec(path);
  if (vehicle) return vehicle[1] === 'type' ? 'vehicleType' : vehicle[1]!;
  const document = /^documents\.(\d+)\.(reference|expiresOn)$/.exec(path);
  if (document) {
    const kind = driverDocumentKinds[Number(document[1])];
    if (kind) return documentField(kind, document[2] as 'reference' | 'expiresOn');
  }
  return path;
}
