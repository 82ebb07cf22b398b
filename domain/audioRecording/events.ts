import { z } from 'zod';
import { partySchema } from '../ride/values.js';
import { instantSchema } from '../shared/command.js';
import { eventCatalogue, type EventOf, type EventUnion } from '../shared/eventCatalogue.js';

/** The seed's promise: recordings are deleted after seven days, counted from the upload. */
export const AUDIO_RETENTION_DAYS = 7;
/** Longer than any trip on the Copperbelt; an upload claiming more is not a ride's recording. */
export const MAX_RECORDING_SECONDS = 6 * 60 * 60;

const rideId = z.string().min(1);
const recordingId = z.string().min(1);

/**
 * Every event of a ride's recording (stream `audioRecording-<rideId>`), with the version of its
 * data's shape. The audio itself is a document kept encrypted by platform/documents; the events
 * name it and say who was told, when it was made, and when it went.
 */
export const audioRecordingEventSchemas = {
  /** Opting in tells both people on the ride: the notice goes to each of them. */
  AudioRecordingRequested: {
    version: 1,
    schema: z.object({
      rideId,
      recordingId,
      requestedBy: partySchema,
      requestedByUserId: z.string().min(1),
      partiesToTell: z.array(partySchema).length(2),
      requestedAt: instantSchema,
    }),
  },
  /** A party's screen showed the notice (the requester's own press counts as theirs). */
  AudioRecordingNoticeSeen: { version: 1, schema: z.object({ rideId, recordingId, party: partySchema, userId: z.string().min(1), seenAt: instantSchema }) },
  AudioRecordingStarted: { version: 1, schema: z.object({ rideId, recordingId, startedAt: instantSchema }) },
  AudioRecordingCancelled: { version: 1, schema: z.object({ rideId, recordingId, cancelledByUserId: z.string().min(1), cancelledAt: instantSchema }) },
  AudioRecordingUploaded: {
    version: 1,
    schema: z.object({
      rideId,
      recordingId,
      /** The encrypted document holding the audio (platform/documents). */
      documentId: z.string().min(1),
      durationSeconds: z.int().positive().max(MAX_RECORDING_SECONDS),
      sizeBytes: z.int().positive(),
      uploadedAt: instantSchema,
      /** AUDIO_RETENTION_DAYS after the upload: the deletion timer's due time. */
      deleteAfter: instantSchema,
    }),
  },
  AudioRecordingDeleted: {
    version: 1,
    schema: z.object({ rideId, recordingId, documentId: z.string().min(1), reason: z.literal('retention_elapsed'), deletedAt: instantSchema }),
  },
} as const;

type Schemas = typeof audioRecordingEventSchemas;
export type AudioRecordingEventType = keyof Schemas;
export type AudioRecordingEventOf<Type extends AudioRecordingEventType> = EventOf<Schemas, Type>;
export type AudioRecordingEvent = EventUnion<Schemas>;

/** parse…Event checks a stored or incoming event against its schema; throws a ZodError naming the field. */
export const { types: audioRecordingEventTypes, isType: isAudioRecordingEventType, parse: parseAudioRecordingEvent } = eventCatalogue('audio recording', audioRecordingEventSchemas);
