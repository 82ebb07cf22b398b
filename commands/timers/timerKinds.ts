import { bidDecider, bidStreamId, type BidCommand } from '../../domain/bid/index.js';
import { paymentDecider, paymentStreamId, type PaymentCommand } from '../../domain/payment/index.js';
import { rideDecider, rideFactsOf, rideStreamId, type RideCommand, type RideEvent } from '../../domain/ride/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { deleteAudioRecording } from '../audioRecording/index.js';
import { reAlertIncident } from '../incident/index.js';
import { markRideCheckUnanswered } from '../rideChecks/index.js';
import { trustedContactText } from '../safety/textMessages.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { shareUrlOf } from '../shared/safetyPorts.js';
import { tripShareCommands } from '../tripShare/index.js';
import { decideDeps, lifecycleOptions, toDomainEvent, type CommandServices } from '../shared/services.js';
import { timerKinds, timerPayloadSchemas, type TimerKind } from './timerPayloads.js';

/** The platform's timekeeper, as the lifecycles see it in the metadata. */
export const timerActor: Actor = { userId: 'timer', role: 'system' };

/**
 * Issues the command a due timer stands for. The timer's id is the command id, so a timer fired
 * twice (a crash after the append, before the timer was marked done) appends nothing twice.
 * Throws the lifecycle's DomainError when it refuses.
 */
export async function fireTimer(services: CommandServices, timer: { kind: string; payload: unknown }, context: CommandContext) {
  const deps = decideDeps(services);
  switch (timer.kind as TimerKind) {
    case 'ride_search_expiry': {
      const data = timerPayloadSchemas.ride_search_expiry.parse(timer.payload);
      const command: RideCommand = { type: 'ExpireRide', data, actor: timerActor };
      return handleCommand(services.store, rideStreamId(data.rideId), rideDecider, command, context, deps, lifecycleOptions());
    }
    case 'scheduled_ride_dispatch': {
      const data = timerPayloadSchemas.scheduled_ride_dispatch.parse(timer.payload);
      const command: RideCommand = { type: 'DispatchScheduledRide', data, actor: timerActor };
      return handleCommand(services.store, rideStreamId(data.rideId), rideDecider, command, context, deps, lifecycleOptions());
    }
    case 'bid_expiry': {
      const data = timerPayloadSchemas.bid_expiry.parse(timer.payload);
      const command: BidCommand = { type: 'ExpireBid', data, actor: timerActor };
      return handleCommand(services.store, bidStreamId(data.bidId), bidDecider, command, context, deps, lifecycleOptions());
    }
    case 'payment_approval_expiry': {
      const data = timerPayloadSchemas.payment_approval_expiry.parse(timer.payload);
      const command: PaymentCommand = { type: 'ExpirePayment', data, actor: timerActor };
      return handleCommand(services.store, paymentStreamId(data.rideId), paymentDecider, command, context, deps, lifecycleOptions());
    }
    case 'incident_realert': {
      const data = timerPayloadSchemas.incident_realert.parse(timer.payload);
      return reAlertIncident(services, data, { ...context, actor: timerActor });
    }
    case 'ride_check_answer': {
      const data = timerPayloadSchemas.ride_check_answer.parse(timer.payload);
      return markRideCheckUnanswered(services, data, { ...context, actor: timerActor });
    }
    case 'trip_share_expiry': {
      const data = timerPayloadSchemas.trip_share_expiry.parse(timer.payload);
      return tripShareCommands(services.safety.shareTokens).expireTripShare(services, data, { ...context, actor: timerActor });
    }
    case 'audio_recording_deletion': {
      const { rideId, documentId } = timerPayloadSchemas.audio_recording_deletion.parse(timer.payload);
      // The event first (a repeat appends nothing), then the audio: fired again after a crash, both are done once.
      const result = await deleteAudioRecording(services, { rideId }, { ...context, actor: timerActor });
      await services.safety.recordings?.deleteRecording(documentId);
      return result;
    }
    case 'trusted_contact_sms': {
      const data = timerPayloadSchemas.trusted_contact_sms.parse(timer.payload);
      // In the rider's language: their contacts most likely share it.
      const rider = services.safety.languageOf ? rideFactsOf((await services.store.readStream(rideStreamId(data.rideId))).map((event) => toDomainEvent<RideEvent>(event)))?.riderUserId : undefined;
      const language = rider ? await services.safety.languageOf!(rider) : null;
      await services.safety.textMessages.send({ to: data.phone, text: trustedContactText(data, shareUrlOf(services.safety, data.shareId), language) });
      return undefined;
    }
    default:
      throw new UnknownTimerKindError(timer.kind);
  }
}

export class UnknownTimerKindError extends Error {
  override name = 'UnknownTimerKindError';
  constructor(readonly kind: string) {
    super(`kind: no timer kind "${kind}" (known: ${timerKinds.join(', ')})`);
  }
}
