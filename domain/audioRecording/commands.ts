import { z } from 'zod';
import { rideFactsSchema } from '../ride/facts.js';
import { commandSchema } from '../shared/command.js';
import { MAX_RECORDING_SECONDS } from './events.js';

const rideId = z.string().trim().min(1).max(128);
/** The ride as its stream has it now (rideFactsOf), read by the handler. */
const onRide = { rideId, ride: rideFactsSchema };

export const audioRecordingCommandSchemas = {
  RequestAudioRecording: z.object(onRide),
  SeeAudioRecordingNotice: z.object(onRide),
  StartAudioRecording: z.object(onRide),
  CancelAudioRecording: z.object(onRide),
  /** After platform/documents has stored the audio, encrypted. */
  RecordAudioUploaded: z.object({
    ...onRide,
    documentId: z.string().trim().min(1).max(128),
    durationSeconds: z.int().positive().max(MAX_RECORDING_SECONDS, `must be at most ${MAX_RECORDING_SECONDS} seconds`),
    sizeBytes: z.int().positive(),
  }),
  /** The retention timer (system only). */
  DeleteAudioRecording: z.object({ rideId }),
} as const;

export type AudioRecordingCommandType = keyof typeof audioRecordingCommandSchemas;

export const audioRecordingCommandSchema = z.discriminatedUnion('type', [
  commandSchema('RequestAudioRecording', audioRecordingCommandSchemas.RequestAudioRecording),
  commandSchema('SeeAudioRecordingNotice', audioRecordingCommandSchemas.SeeAudioRecordingNotice),
  commandSchema('StartAudioRecording', audioRecordingCommandSchemas.StartAudioRecording),
  commandSchema('CancelAudioRecording', audioRecordingCommandSchemas.CancelAudioRecording),
  commandSchema('RecordAudioUploaded', audioRecordingCommandSchemas.RecordAudioUploaded),
  commandSchema('DeleteAudioRecording', audioRecordingCommandSchemas.DeleteAudioRecording),
]);

export type AudioRecordingCommand = z.input<typeof audioRecordingCommandSchema>;
export type ParsedAudioRecordingCommand = z.output<typeof audioRecordingCommandSchema>;
export type AudioRecordingCommandOf<Type extends AudioRecordingCommandType> = Extract<ParsedAudioRecordingCommand, { type: Type }>;
