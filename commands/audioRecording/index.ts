import { z } from 'zod';
import { audioRecordingDecider, audioRecordingStream, type AudioRecordingCommand, type AudioRecordingEvent } from '../../domain/audioRecording/index.js';
import type { RideFacts } from '../../domain/ride/index.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import { entityIdSchema } from '../ride/inputs.js';
import { requireRideFacts } from '../rideFacts/index.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { lifecycleCommands } from '../shared/lifecycleCommands.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';

/**
 * A ride's audio recording (stream `audioRecording-<rideId>`). The audio itself is stored and
 * encrypted by platform/documents; these record the lifecycle around it.
 */
const rideRef = z.object({ rideId: entityIdSchema });
export const audioRecordingInputSchemas = {
  RequestAudioRecording: rideRef,
  SeeAudioRecordingNotice: rideRef,
  StartAudioRecording: rideRef,
  CancelAudioRecording: rideRef,
  RecordAudioUploaded: rideRef.extend({ documentId: entityIdSchema, durationSeconds: z.int().positive(), sizeBytes: z.int().positive() }),
} as const;
type OnRideType = keyof typeof audioRecordingInputSchemas;
export type AudioRecordingInput<Type extends OnRideType> = z.input<(typeof audioRecordingInputSchemas)[Type]>;

/** A handler that reads the ride's facts and decides one command of the recording. */
function onRide<Type extends OnRideType>(type: Type) {
  return async (services: CommandServices, input: AudioRecordingInput<Type>, context: CommandContext) => {
    const data = parseOrInvalid(audioRecordingInputSchemas[type], input) as { rideId: string };
    const ride: RideFacts = await requireRideFacts(services.store, data.rideId);
    const command = { type, actor: context.actor, data: { ...data, ride } } as AudioRecordingCommand;
    return handleCommand(services.store, audioRecordingStream(data.rideId), audioRecordingDecider, command, context, decideDeps(services), lifecycleOptions<AudioRecordingEvent>());
  };
}

export const requestAudioRecording = onRide('RequestAudioRecording');
export const seeAudioRecordingNotice = onRide('SeeAudioRecordingNotice');
export const startAudioRecording = onRide('StartAudioRecording');
export const cancelAudioRecording = onRide('CancelAudioRecording');
/** After platform/documents stored the audio encrypted; the deletion is due AUDIO_RETENTION_DAYS later. */
export const recordAudioUploaded = onRide('RecordAudioUploaded');
/** The retention timer (system only). */
export const deleteAudioRecording = lifecycleCommands(audioRecordingDecider, (data) => audioRecordingStream(data.rideId))('DeleteAudioRecording');
