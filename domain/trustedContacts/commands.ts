import { z } from 'zod';
import { commandSchema } from '../shared/command.js';
import { contactNameSchema, contactPhoneSchema, relationshipSchema } from './values.js';

const riderId = z.string().trim().min(1).max(128);
const contactId = z.string().trim().min(1).max(128);
const contact = { name: contactNameSchema, phone: contactPhoneSchema, relationship: relationshipSchema };

export const trustedContactCommandSchemas = {
  /** The new contact's id comes from deps.newId(). */
  AddTrustedContact: z.object({ riderId, ...contact }),
  UpdateTrustedContact: z.object({ riderId, contactId, ...contact }),
  RemoveTrustedContact: z.object({ riderId, contactId }),
} as const;

export type TrustedContactCommandType = keyof typeof trustedContactCommandSchemas;

export const trustedContactCommandSchema = z.discriminatedUnion('type', [
  commandSchema('AddTrustedContact', trustedContactCommandSchemas.AddTrustedContact),
  commandSchema('UpdateTrustedContact', trustedContactCommandSchemas.UpdateTrustedContact),
  commandSchema('RemoveTrustedContact', trustedContactCommandSchemas.RemoveTrustedContact),
]);

export type TrustedContactCommand = z.input<typeof trustedContactCommandSchema>;
export type ParsedTrustedContactCommand = z.output<typeof trustedContactCommandSchema>;
export type TrustedContactCommandOf<Type extends TrustedContactCommandType> = Extract<ParsedTrustedContactCommand, { type: Type }>;
