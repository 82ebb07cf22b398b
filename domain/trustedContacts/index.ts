/**
 * A rider's trusted contacts (stream `trustedContacts-<riderUserId>`): up to three people, each
 * a name, an optional relationship and a Zambian mobile number, told by SMS with a share link
 * when the rider raises an SOS or asks to notify them.
 */
export * from './values.js';
export * from './events.js';
export * from './commands.js';
export { trustedContactsMachine, type TrustedContactsContext } from './machine.js';
export { decide, trustedContactsDecider, trustedContactsOf, trustedContactsStream, type TrustedContactsState } from './decider.js';
