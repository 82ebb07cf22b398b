/** Trip sharing (stream `tripShare-<rideId>`): links, their expiry, and telling the rider's trusted contacts. */
export { tripShareCommands, tripShareInputSchemas, type TripShareCommands, type TripShareInput, type TripShareResult } from './handlers.js';
export { createShareTokens, MIN_SHARE_SECRET_LENGTH, type ShareTokens } from './shareTokens.js';
