import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Recording, RideParams } from '../../../contract/safety.js';
import { recordAudioUploaded } from '../../../commands/audioRecording/index.js';
import { loadState } from '../../../commands/shared/driverFacts.js';
import { audioRecordingDecider, audioRecordingStream, MAX_RECORDING_SECONDS, mayPlayAudioRecording } from '../../../domain/audioRecording/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { MAX_RECORDING_MINUTES, RECORDING_BYTES_PER_MINUTE, storeRecording, type ObjectStore } from '../../../platform/documents/index.js';
import { requireUser } from '../../plugins/auth.js';
import { commandContextFor } from '../../support/commandContext.js';
import { errorResponses, IDEMPOTENT_WRITE } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { actorOf, incidentHandlersOf, notHandlingAnIncident, rideForParty } from './access.js';

const UploadQuery = z.object({ durationSeconds: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_RECORDING_SECONDS, `must be at most ${MAX_RECORDING_SECONDS}`) });
const storageMissing = () => new DomainError('not_allowed_in_state', 'Recordings cannot be stored on this server (no storage is configured)', { field: 'audio' });

/**
 * The recording's audio: the requester's browser uploads it (multipart, field `audio`; stored
 * encrypted by platform/documents, deleted by its timer 7 days later); only an admin handling an
 * incident on the ride plays it.
 */
export function recordingMediaRoutes({ commands }: ProductRouteDeps, storage: ObjectStore | null): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { files: 1, fields: 2, fileSize: MAX_RECORDING_MINUTES * RECORDING_BYTES_PER_MINUTE } });
    app.post(
      '/api/rides/:rideId/recording/upload',
      {
        config: { acceptsUploads: true },
        schema: {
          tags: ['safety'],
          summary: 'The requester uploads the recording (multipart/form-data, one file in field `audio`: WebM/Ogg Opus, MP4/AAC or MP3)',
          description: IDEMPOTENT_WRITE,
          params: RideParams,
          querystring: UploadQuery,
          response: { 200: Recording.pick({ status: true, recordingId: true, deleteAfter: true }), ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger', 'driver'] }),
      },
      async (request) => {
        const { rideId } = request.params;
        const { ride } = await rideForParty(commands.store, actorOf(request), rideId);
        if (!storage) throw storageMissing();
        // The lifecycle decides who may upload and when; ask it before taking the body.
        const { state } = await loadState(commands.store, audioRecordingStream(rideId), audioRecordingDecider);
        if (!state.matches('recording')) throw new DomainError('not_allowed_in_state', 'Start recording before uploading', { field: 'audio' });
        if (!request.isMultipart()) throw new DomainError('invalid', 'audio: send the recording as multipart/form-data in the field "audio"', { issues: [{ field: 'audio', message: 'is required' }] });
        const file = await request.file();
        if (!file || file.fieldname !== 'audio') throw new DomainError('invalid', 'audio: is required', { issues: [{ field: 'audio', message: 'is required' }] });
        const started = ride.tripStartedAt ? Date.parse(ride.tripStartedAt) : commands.clock.now().getTime();
        const rideMinutes = (commands.clock.now().getTime() - started) / 60_000 + 5;
        const stored = await storeRecording(storage, file.file, { field: 'audio', rideMinutes });
        const documentId = stored.key.slice('recordings/'.length);
        const result = await recordAudioUploaded(commands, { rideId, documentId, durationSeconds: request.query.durationSeconds, sizeBytes: stored.size }, commandContextFor(request)).catch(
          async (error: unknown) => {
            await storage.delete(stored.key);
            throw error;
          },
        );
        const current = result.state.context.current;
        return { status: 'uploaded' as const, recordingId: current?.recordingId ?? null, deleteAfter: current?.deleteAfter ?? null };
      },
    );

    app.get(
      '/api/rides/:rideId/recording/audio',
      {
        schema: { tags: ['admin', 'safety'], summary: "Plays the ride's recording: only for an admin handling an incident on the ride, while it is kept", params: RideParams, response: errorResponses },
        preValidation: requireUser({ roles: ['admin'] }),
      },
      async (request, reply) => {
        const { rideId } = request.params;
        const actor = actorOf(request);
        await rideForParty(commands.store, actor, rideId);
        const { state } = await loadState(commands.store, audioRecordingStream(rideId), audioRecordingDecider);
        if (!mayPlayAudioRecording(actor, state, await incidentHandlersOf(commands.store, rideId))) {
          if (!state.matches('stored')) throw new DomainError('not_found', 'This ride has no recording kept', { rideId });
          throw notHandlingAnIncident("play the ride's recording");
        }
        if (!storage) throw storageMissing();
        const documentId = state.context.current!.documentId!;
        reply.header('cache-control', 'no-store');
        reply.type('application/octet-stream');
        // A stream is sent as it is (no serializer runs on it).
        return reply.send((await storage.get(`recordings/${documentId}`)) as never);
      },
    );
  };
}
