/**
 * Trip sharing (stream `tripShare-<rideId>`): the rider's share links (only their hashes stored),
 * revocable, closing TRIP_SHARE_GRACE_MINUTES after the ride ends; the one-time notification of
 * the rider's trusted contacts; and what the public page may show.
 */
export * from './events.js';
export * from './commands.js';
export { tripShareMachine, type ShareLink, type TripShareContext } from './machine.js';
export { activeShareLink, decide, describeTripShareState, shareExpiresAt, tripShareDecider, tripShareStream, type TripShareState } from './decider.js';
export { publicTripView, shareLinkAccess, type PublicTripView, type SharedTripFacts } from './publicView.js';
