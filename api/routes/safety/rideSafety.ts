import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnswerRideCheckBody,
  CheckParams,
  ReadMessagesBody,
  Recording,
  RideChecks,
  RideConversation,
  RideMessage,
  RideParams,
  SendMessageBody,
  TripShare,
} from '../../../contract/safety.js';
import {
  cancelAudioRecording,
  requestAudioRecording,
  seeAudioRecordingNotice,
  startAudioRecording,
} from '../../../commands/audioRecording/index.js';
import { answerRideCheck } from '../../../commands/rideChecks/index.js';
import { markRideMessagesRead, sendRideMessage } from '../../../commands/rideMessages/index.js';
import { loadState } from '../../../commands/shared/driverFacts.js';
import { shareUrlOf } from '../../../commands/shared/safetyPorts.js';
import { tripShareCommands } from '../../../commands/tripShare/index.js';
import { audioRecordingDecider, audioRecordingStream, type AudioRecordingState } from '../../../domain/audioRecording/index.js';
import { hasDriverAndIsOn } from '../../../domain/ride/index.js';
import { checksAwaitingAnswer, rideChecksDecider, rideChecksStream, type RideChecksState } from '../../../domain/rideChecks/index.js';
import { mayReadRideMessages } from '../../../domain/rideMessages/index.js';
import { activeShareLink, tripShareDecider, tripShareStream, type TripShareState } from '../../../domain/tripShare/index.js';
import { rideConversation } from '../../../projections/safety/index.js';
import { requireUser } from '../../plugins/auth.js';
import { commandContextFor } from '../../support/commandContext.js';
import { errorResponses, IDEMPOTENT_WRITE } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { actorOf, incidentHandlersOf, notHandlingAnIncident, onlyTheRider, rideForParty } from './access.js';

const tags = ['safety'];

/** Sharing, ride checks, messages and recording on one ride: its rider and driver (and, for messages, an admin handling an incident). */
export function rideSafetyRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  const sharing = tripShareCommands(commands.safety.shareTokens);
  const shareView = (state: TripShareState): TripShare => {
    const link = activeShareLink(state);
    return {
      link: link ? { url: shareUrlOf(commands.safety, link.shareId), token: commands.safety.shareTokens.tokenFor(link.shareId) } : null,
      contactsNotified: state.context.contactsNotified !== null,
      notifyAtTripStart: state.context.notifyAtTripStart,
    };
  };
  const checksView = (state: RideChecksState) => ({
    checks: checksAwaitingAnswer(state).map(({ checkId, finding, raisedAt, answerDueBy }) => ({ checkId, reason: finding.reason, raisedAt, answerDueBy })),
  });
  const recordingView = (state: AudioRecordingState): Recording => {
    const current = state.context.current;
    const status: Recording['status'] = state.matches('requested')
      ? 'requested'
      : state.matches('recording')
        ? 'recording'
        : state.matches('stored')
          ? 'uploaded'
          : state.matches('deleted')
            ? 'deleted'
            : state.context.requests > 0
              ? 'cancelled'
              : 'none';
    return {
      status,
      recordingId: status === 'cancelled' ? null : (current?.recordingId ?? null),
      requestedBy: status === 'cancelled' ? null : (current?.requestedBy ?? null),
      noticeSeenBy: status === 'cancelled' ? [] : (current?.noticeSeenBy ?? []),
      deleteAfter: current?.deleteAfter ?? null,
    };
  };

  return async (app) => {
    const write = (summary: string) => ({ tags, summary, description: IDEMPOTENT_WRITE, params: RideParams });

    // ── Sharing ──
    const riderOnly = async (request: FastifyRequest, rideId: string, what: string) => {
      const { party } = await rideForParty(commands.store, actorOf(request), rideId);
      if (party !== 'rider') throw onlyTheRider(what);
    };
    app.get(
      '/api/rides/:rideId/share',
      { schema: { tags, summary: "The ride's share link (the rider's), and whether trusted contacts were told", params: RideParams, response: { 200: TripShare, ...errorResponses } }, preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }) },
      async (request) => {
        await riderOnly(request, request.params.rideId, 'see the share link');
        return shareView((await loadState(commands.store, tripShareStream(request.params.rideId), tripShareDecider)).state);
      },
    );
    app.post(
      '/api/rides/:rideId/share',
      { schema: { ...write('The rider shares the trip: a link anyone can open until 30 minutes after the ride ends (asked again, the same link)'), response: { 200: TripShare, ...errorResponses } }, preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }) },
      async (request) => {
        await rideForParty(commands.store, actorOf(request), request.params.rideId);
        const result = await sharing.startTripShare(commands, { rideId: request.params.rideId }, commandContextFor(request));
        return shareView(result.state);
      },
    );
    app.delete(
      '/api/rides/:rideId/share',
      { schema: { ...write('The rider revokes the share link: it stops opening at once'), response: { 200: TripShare, ...errorResponses } }, preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }) },
      async (request) => {
        await rideForParty(commands.store, actorOf(request), request.params.rideId);
        const result = await sharing.revokeTripShare(commands, { rideId: request.params.rideId }, commandContextFor(request));
        return shareView(result.state);
      },
    );
    app.post(
      '/api/rides/:rideId/share/notify-contacts',
      { schema: { ...write("Notify Contacts: the rider's trusted contacts get an SMS with the share link (once per ride)"), response: { 200: TripShare, ...errorResponses } }, preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }) },
      async (request) => {
        await rideForParty(commands.store, actorOf(request), request.params.rideId);
        const result = await sharing.notifyTrustedContacts(commands, { rideId: request.params.rideId, reason: 'rider_request' }, commandContextFor(request));
        return shareView(result.state);
      },
    );
    app.post(
      '/api/rides/:rideId/share/notify-at-start',
      { schema: { ...write('Chosen at booking: tell the trusted contacts when the trip starts'), response: { 200: TripShare, ...errorResponses } }, preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }) },
      async (request) => {
        await rideForParty(commands.store, actorOf(request), request.params.rideId);
        const result = await sharing.chooseTripStartNotification(commands, { rideId: request.params.rideId }, commandContextFor(request));
        return shareView(result.state);
      },
    );

    // ── Ride checks ──
    app.get(
      '/api/rides/:rideId/checks',
      { schema: { tags, summary: 'The ride checks awaiting the rider’s answer (at most two)', params: RideParams, response: { 200: RideChecks, ...errorResponses } }, preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }) },
      async (request) => {
        await riderOnly(request, request.params.rideId, 'see ride checks');
        return checksView((await loadState(commands.store, rideChecksStream(request.params.rideId), rideChecksDecider)).state);
      },
    );
    app.post(
      '/api/rides/:rideId/checks/:checkId/answer',
      {
        schema: { tags, summary: "The rider answers a ride check: I'm Safe, Minor Issue or Need Help (which raises an incident)", description: IDEMPOTENT_WRITE, params: CheckParams, body: AnswerRideCheckBody, response: { 200: RideChecks, ...errorResponses } },
        preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }),
      },
      async (request) => {
        const { rideId, checkId } = request.params;
        await rideForParty(commands.store, actorOf(request), rideId);
        const result = await answerRideCheck(commands, { rideId, checkId, answer: request.body.answer }, commandContextFor(request));
        return checksView(result.state);
      },
    );

    // ── Messages ──
    app.get(
      '/api/rides/:rideId/messages',
      { schema: { tags, summary: 'The messages between the rider and the driver (an admin handling an incident on the ride may read them)', params: RideParams, response: { 200: RideConversation, ...errorResponses } }, preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }) },
      async (request) => {
        const { rideId } = request.params;
        const actor = actorOf(request);
        const { ride, party } = await rideForParty(commands.store, actor, rideId);
        if (party === 'admin' && !mayReadRideMessages(actor, ride, await incidentHandlersOf(commands.store, rideId))) throw notHandlingAnIncident("read the ride's messages");
        const { messages, readUpTo } = await rideConversation(db, rideId);
        const unread = party === 'admin' ? 0 : messages.filter((message) => message.seq > readUpTo[party]).length;
        return {
          messages: messages.map((message) => ({ messageId: message.message_id, from: message.sender, text: message.text, sentAt: message.sent_at.toISOString() })),
          unread,
          open: hasDriverAndIsOn(ride),
        };
      },
    );
    app.post(
      '/api/rides/:rideId/messages',
      {
        schema: { ...write('The rider or the driver writes to the other (no phone numbers; open from assignment to the end of the ride)'), body: SendMessageBody, response: { 201: RideMessage, ...errorResponses } },
        preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }),
      },
      async (request, reply) => {
        const { rideId } = request.params;
        await rideForParty(commands.store, actorOf(request), rideId);
        const result = await sendRideMessage(commands, { rideId, text: request.body.text }, commandContextFor(request));
        const sent = result.events.find((event) => event.type === 'RideMessageSent');
        if (!sent || sent.type !== 'RideMessageSent') throw new Error('a sent message without its event');
        const { messageId, from, text, sentAt } = sent.data;
        return reply.status(201).send({ messageId, from, text, sentAt });
      },
    );
    app.post(
      '/api/rides/:rideId/messages/read',
      { schema: { ...write('The rider or the driver has read up to this message'), body: ReadMessagesBody, response: { 204: z.null(), ...errorResponses } }, preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }) },
      async (request, reply) => {
        const { rideId } = request.params;
        await rideForParty(commands.store, actorOf(request), rideId);
        await markRideMessagesRead(commands, { rideId, upToMessageId: request.body.upToMessageId }, commandContextFor(request));
        return reply.status(204).send(null);
      },
    );

    // ── Recording ──
    const recordingStep = (path: string, summary: string, step: typeof requestAudioRecording) =>
      app.post(
        `/api/rides/:rideId/recording/${path}`,
        { schema: { ...write(summary), response: { 200: Recording, ...errorResponses } }, preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }) },
        async (request) => {
          const { rideId } = request.params;
          await rideForParty(commands.store, actorOf(request), rideId);
          const result = await step(commands, { rideId }, commandContextFor(request));
          return recordingView(result.state);
        },
      );
    app.get(
      '/api/rides/:rideId/recording',
      { schema: { tags, summary: "The ride's audio recording: asked for, under way, kept (never the audio: only an admin handling an incident plays it)", params: RideParams, response: { 200: Recording, ...errorResponses } }, preValidation: requireUser({ roles: ['passenger', 'driver', 'admin'] }) },
      async (request) => {
        await rideForParty(commands.store, actorOf(request), request.params.rideId);
        return recordingView((await loadState(commands.store, audioRecordingStream(request.params.rideId), audioRecordingDecider)).state);
      },
    );
    recordingStep('request', 'The rider or the driver opts in to recording the ride: both are told', requestAudioRecording);
    recordingStep('notice', 'This party’s screen showed the recording notice', seeAudioRecordingNotice);
    recordingStep('start', 'The requester’s device starts recording (both have seen the notice)', startAudioRecording);
    recordingStep('cancel', 'The requester stops before uploading: nothing is kept', cancelAudioRecording);
  };
}
