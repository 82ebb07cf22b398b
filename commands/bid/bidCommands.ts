import type { BidCommand } from '../../domain/bid/index.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import type { CommandContext } from '../shared/handleCommand.js';
import type { CommandServices } from '../shared/services.js';
import { decideOnBid, type BidCommandResult } from './decideOnBid.js';
import { bidInputSchemas, type BidInput } from './inputs.js';

/** The bidder takes a live bid back; they may bid again on the same ride while it is pending. */
export async function withdrawBid(
  services: CommandServices,
  input: BidInput<'WithdrawBid'>,
  context: CommandContext,
): Promise<BidCommandResult> {
  const { bidId } = parseOrInvalid(bidInputSchemas.WithdrawBid, input);
  return decideOnBid(services, { type: 'WithdrawBid', data: { bidId }, actor: context.actor } as BidCommand, context);
}

/** The bid timer fires at the end of the validity window (system only; refused before it ends). */
export async function expireBid(
  services: CommandServices,
  input: BidInput<'ExpireBid'>,
  context: CommandContext,
): Promise<BidCommandResult> {
  const { bidId } = parseOrInvalid(bidInputSchemas.ExpireBid, input);
  return decideOnBid(services, { type: 'ExpireBid', data: { bidId }, actor: context.actor } as BidCommand, context);
}
