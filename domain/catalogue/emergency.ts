/**
 * Numbers the safety toolkit, the footer and the support centre show (spec 001 §2, §9). Each
 * is a `tel:` target as dialled from a Zambian phone.
 */
export interface EmergencyContact {
  service: 'police' | 'ambulance' | 'lifeline';
  label: string;
  numbers: readonly string[];
}

export const emergencyContacts: readonly EmergencyContact[] = [
  { service: 'police', label: 'Police', numbers: ['991', '0211-220006'] },
  { service: 'ambulance', label: 'Ambulance', numbers: ['991'] },
  { service: 'lifeline', label: 'Lifeline', numbers: ['933'] },
];

/** The digits to put after `tel:` ("0211-220006" → "0211220006"). */
export const dialable = (number: string): string => number.replace(/[^\d+]/g, '');
