/**
 * The bid's write side: one plain function per command, `(services, input, context)`.
 * Settlement (marking bids accepted or rejected after the rider's choice) is a reactor's.
 */
export { placeBid } from './placeBid.js';
export { withdrawBid, expireBid } from './bidCommands.js';
export { decideOnBid, type BidCommandResult } from './decideOnBid.js';
export { loadBid, requireBidFacts, type BidFacts } from './loadBid.js';
export { bidInputSchemas, type BidInput, type BidInputType } from './inputs.js';
