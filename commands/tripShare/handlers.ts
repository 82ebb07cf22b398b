import { z } from 'zod';
import type { RideFacts } from '../../domain/ride/index.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import {
  activeShareLink,
  notificationReasonSchema,
  tripShareDecider,
  tripShareStream,
  type TripShareCommand,
  type TripShareEvent,
  type TripShareState,
} from '../../domain/tripShare/index.js';
import { trustedContactsDecider, trustedContactsOf, trustedContactsStream } from '../../domain/trustedContacts/index.js';
import { entityIdSchema } from '../ride/inputs.js';
import { requireRideFacts } from '../rideFacts/index.js';
import { loadState } from '../shared/driverFacts.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';
import type { ShareTokens } from './shareTokens.js';

const rideRef = z.object({ rideId: entityIdSchema });

export const tripShareInputSchemas = {
  StartTripShare: rideRef,
  RevokeTripShare: rideRef,
  ExpireTripShare: rideRef,
  NotifyTrustedContacts: rideRef.extend({ reason: notificationReasonSchema }),
  ChooseTripStartNotification: rideRef,
} as const;
export type TripShareInput<Type extends keyof typeof tripShareInputSchemas> = z.input<(typeof tripShareInputSchemas)[Type]>;

export interface TripShareResult {
  events: TripShareEvent[];
  repeated: boolean;
  state: TripShareState;
  /** The active link after the command, with its token for the URL (rebuilt, never stored); null when nothing is shared. */
  link: { shareId: string; token: string } | null;
}

/**
 * The trip-share handlers. Each reads the ride (and, to notify, the rider's trusted contacts)
 * and hands them to the decider as facts; a link the command may start gets a fresh id and the
 * hash of its token. Built once by the composition root with the server's ShareTokens.
 */
export function tripShareCommands(tokens: ShareTokens) {
  async function decideOnShare(
    services: CommandServices,
    rideId: string,
    build: (ride: RideFacts, link: { shareId: string; tokenHash: string }) => TripShareCommand,
    context: CommandContext,
    knownRide?: RideFacts,
  ): Promise<TripShareResult> {
    const ride = knownRide ?? (await requireRideFacts(services.store, rideId));
    const shareId = services.newId();
    const command = build(ride, { shareId, tokenHash: tokens.hashOf(tokens.tokenFor(shareId)) });
    const result = await handleCommand(services.store, tripShareStream(rideId), tripShareDecider, command, context, decideDeps(services), lifecycleOptions<TripShareEvent>());
    const active = activeShareLink(result.state);
    const link = active === null ? null : { shareId: active.shareId, token: tokens.tokenFor(active.shareId) };
    return { events: result.events, repeated: result.repeated, state: result.state, link };
  }
  const actor = (context: CommandContext) => context.actor as TripShareCommand['actor'];

  return {
    /** The rider shares the ride; asked again while a link is active, the same link is answered. */
    startTripShare: (services: CommandServices, input: TripShareInput<'StartTripShare'>, context: CommandContext) => {
      const { rideId } = parseOrInvalid(tripShareInputSchemas.StartTripShare, input);
      return decideOnShare(services, rideId, (ride, link) => ({ type: 'StartTripShare', actor: actor(context), data: { rideId, ride, ...link } }), context);
    },
    revokeTripShare: (services: CommandServices, input: TripShareInput<'RevokeTripShare'>, context: CommandContext) => {
      const { rideId } = parseOrInvalid(tripShareInputSchemas.RevokeTripShare, input);
      return decideOnShare(services, rideId, (ride) => ({ type: 'RevokeTripShare', actor: actor(context), data: { rideId, ride } }), context);
    },
    /** The expiry timer, TRIP_SHARE_GRACE_MINUTES after the ride ended. */
    expireTripShare: (services: CommandServices, input: TripShareInput<'ExpireTripShare'>, context: CommandContext) => {
      const { rideId } = parseOrInvalid(tripShareInputSchemas.ExpireTripShare, input);
      return decideOnShare(services, rideId, (ride) => ({ type: 'ExpireTripShare', actor: actor(context), data: { rideId, ride } }), context);
    },
    /** The rider's Notify Contacts, or the platform's for an SOS or at trip start: the contacts are read from the rider's list now. */
    notifyTrustedContacts: async (services: CommandServices, input: TripShareInput<'NotifyTrustedContacts'>, context: CommandContext) => {
      const { rideId, reason } = parseOrInvalid(tripShareInputSchemas.NotifyTrustedContacts, input);
      const ride = await requireRideFacts(services.store, rideId);
      const { state } = await loadState(services.store, trustedContactsStream(ride.riderUserId), trustedContactsDecider);
      const contacts = trustedContactsOf(state).map(({ contactId, name, phone }) => ({ contactId, name, phone }));
      const build = (facts: RideFacts, link: { shareId: string; tokenHash: string }): TripShareCommand => ({
        type: 'NotifyTrustedContacts',
        actor: actor(context),
        data: { rideId, ride: facts, reason, contacts, ...link },
      });
      return decideOnShare(services, rideId, build, context, ride);
    },
    chooseTripStartNotification: (services: CommandServices, input: TripShareInput<'ChooseTripStartNotification'>, context: CommandContext) => {
      const { rideId } = parseOrInvalid(tripShareInputSchemas.ChooseTripStartNotification, input);
      return decideOnShare(services, rideId, (ride) => ({ type: 'ChooseTripStartNotification', actor: actor(context), data: { rideId, ride } }), context);
    },
  };
}

export type TripShareCommands = ReturnType<typeof tripShareCommands>;
