import { trustedContactsDecider, trustedContactsStream, type TrustedContactCommand } from '../../domain/trustedContacts/index.js';
import { lifecycleCommands, type InputOf } from '../shared/lifecycleCommands.js';

/** A rider's trusted contacts (stream `trustedContacts-<riderUserId>`): the rider adds, changes and removes them. */
export type AddTrustedContactInput = InputOf<TrustedContactCommand, 'AddTrustedContact'>;
export type UpdateTrustedContactInput = InputOf<TrustedContactCommand, 'UpdateTrustedContact'>;
export type RemoveTrustedContactInput = InputOf<TrustedContactCommand, 'RemoveTrustedContact'>;

const contacts = lifecycleCommands(trustedContactsDecider, (data) => trustedContactsStream(data.riderId));

export const addTrustedContact = contacts('AddTrustedContact');
export const updateTrustedContact = contacts('UpdateTrustedContact');
export const removeTrustedContact = contacts('RemoveTrustedContact');
