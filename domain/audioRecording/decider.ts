import type { SnapshotFrom } from 'xstate';
import { hasDriverAndIsOn, partyOnRide, type RideFacts } from '../ride/facts.js';
import type { Party } from '../ride/values.js';
import { assertNever, parseOrInvalid, type Actor } from '../shared/command.js';
import { DomainError, foldThrough, notAllowedInState, type DecideDeps, type Decider } from '../shared/index.js';
import { audioRecordingCommandSchema, type AudioRecordingCommand, type AudioRecordingCommandOf, type ParsedAudioRecordingCommand } from './commands.js';
import { AUDIO_RETENTION_DAYS, type AudioRecordingEvent } from './events.js';
import { audioRecordingMachine, type Recording } from './machine.js';
import { streamName } from '../streams.js';

export type AudioRecordingState = SnapshotFrom<typeof audioRecordingMachine>;

export const audioRecordingStream = (rideId: string) => streamName('audioRecording', rideId);
export const recordingIdFor = (rideId: string, number: number) => `${rideId}_recording${number}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Either person on the ride may opt in while the driver is with them or on the way; both are
 * told. The requester's device records and uploads, and only they may stop it before the upload.
 * The platform deletes it when the retention period is over; nobody deletes it sooner, so a
 * recording an incident may need cannot be wiped by the person it would implicate.
 */
export function decide(input: AudioRecordingCommand, state: AudioRecordingState, deps: DecideDeps): AudioRecordingEvent[] {
  const command = parseOrInvalid(audioRecordingCommandSchema, input);
  const at = deps.now.toISOString();
  switch (command.type) {
    case 'RequestAudioRecording': {
      const { rideId, ride } = command.data;
      const party = requireParty(command, ride);
      requireRideOn(command, ride);
      const recordingId = recordingIdFor(rideId, state.context.requests + 1);
      return possible(state, command, {
        type: 'AudioRecordingRequested',
        data: { rideId, recordingId, requestedBy: party, requestedByUserId: command.actor.userId, partiesToTell: ['rider', 'driver'], requestedAt: at },
      });
    }
    case 'SeeAudioRecordingNotice': {
      const party = requireParty(command, command.data.ride);
      const recording = requireRecording(state, command);
      if (recording.noticeSeenBy.includes(party)) return [];
      const { rideId } = command.data;
      return possible(state, command, { type: 'AudioRecordingNoticeSeen', data: { rideId, recordingId: recording.recordingId, party, userId: command.actor.userId, seenAt: at } });
    }
    case 'StartAudioRecording': {
      const recording = requireRequester(state, command);
      requireRideOn(command, command.data.ride);
      return possible(state, command, { type: 'AudioRecordingStarted', data: { rideId: command.data.rideId, recordingId: recording.recordingId, startedAt: at } });
    }
    case 'CancelAudioRecording': {
      const recording = requireRequester(state, command);
      return possible(state, command, {
        type: 'AudioRecordingCancelled',
        data: { rideId: command.data.rideId, recordingId: recording.recordingId, cancelledByUserId: command.actor.userId, cancelledAt: at },
      });
    }
    case 'RecordAudioUploaded':
      return recordUpload(command, state, deps);
    case 'DeleteAudioRecording':
      return deleteRecording(command, state, deps);
    default:
      return assertNever(command);
  }
}

function recordUpload(command: AudioRecordingCommandOf<'RecordAudioUploaded'>, state: AudioRecordingState, deps: DecideDeps): AudioRecordingEvent[] {
  const recording = requireRequester(state, command);
  const { rideId, documentId, durationSeconds, sizeBytes } = command.data;
  const deleteAfter = new Date(deps.now.getTime() + AUDIO_RETENTION_DAYS * DAY_MS).toISOString();
  return possible(state, command, {
    type: 'AudioRecordingUploaded',
    data: { rideId, recordingId: recording.recordingId, documentId, durationSeconds, sizeBytes, uploadedAt: deps.now.toISOString(), deleteAfter },
  });
}

function deleteRecording(command: AudioRecordingCommandOf<'DeleteAudioRecording'>, state: AudioRecordingState, deps: DecideDeps): AudioRecordingEvent[] {
  if (command.actor.role !== 'system') throw forbidden(command);
  const recording = requireRecording(state, command);
  const { documentId, deleteAfter } = recording;
  if (!state.matches('stored') || documentId === null || deleteAfter === null) throw notAllowedInState(command.type, describeAudioRecordingState(state));
  if (deps.now.getTime() < Date.parse(deleteAfter)) throw notAllowedInState(command.type, `recording ${recording.recordingId} is kept until ${deleteAfter}`);
  return possible(state, command, {
    type: 'AudioRecordingDeleted',
    data: { rideId: command.data.rideId, recordingId: recording.recordingId, documentId, reason: 'retention_elapsed', deletedAt: deps.now.toISOString() },
  });
}

function requireRecording(state: AudioRecordingState, command: ParsedAudioRecordingCommand): Recording {
  const recording = state.context.current;
  if (recording === null) throw new DomainError('not_found', `ride ${command.data.rideId} has no audio recording`, { rideId: command.data.rideId });
  return recording;
}

/** The one who asked for the recording: their device records, uploads or stops it. */
function requireRequester(state: AudioRecordingState, command: AudioRecordingCommandOf<'StartAudioRecording' | 'CancelAudioRecording' | 'RecordAudioUploaded'>): Recording {
  const party = requireParty(command, command.data.ride);
  const recording = requireRecording(state, command);
  if (party !== recording.requestedBy || command.actor.userId !== recording.requestedByUserId) throw forbidden(command);
  return recording;
}

function requireParty(command: ParsedAudioRecordingCommand, ride: RideFacts): Party {
  const party = partyOnRide(command.actor, ride);
  if (party === null) throw forbidden(command);
  return party;
}

function requireRideOn(command: ParsedAudioRecordingCommand, ride: RideFacts): void {
  if (!hasDriverAndIsOn(ride)) throw notAllowedInState(command.type, `ride is ${ride.status}: recording is possible once a driver is assigned and until the ride ends`);
}

function possible(state: AudioRecordingState, command: ParsedAudioRecordingCommand, event: AudioRecordingEvent): AudioRecordingEvent[] {
  if (!state.can(event)) throw notAllowedInState(command.type, describeAudioRecordingState(state));
  return [event];
}

function forbidden(command: ParsedAudioRecordingCommand): DomainError {
  const { userId, role } = command.actor;
  return new DomainError('forbidden', `${command.type} is not allowed for ${role} ${userId} on this ride's recording`, { command: command.type, userId, role });
}

export function describeAudioRecordingState(state: AudioRecordingState): string {
  const recording = state.context.current;
  if (state.matches('deleted')) return `recording of the ride has been deleted`;
  if (recording === null) return 'ride is not being recorded';
  const phase = state.matches('requested') ? 'is requested' : state.matches('recording') ? 'is under way' : 'is stored';
  return `recording ${recording.recordingId} ${phase}`;
}

/**
 * Who may play a ride's recording: only an admin handling (or who handled) an incident on that
 * ride (domain/incident's `incidentHandlers`), and only while it is kept. Not even the two on
 * the ride: it is evidence for the safety team, not a keepsake.
 */
export function mayPlayAudioRecording(actor: Actor, state: AudioRecordingState, incidentHandlers: readonly string[]): boolean {
  return state.matches('stored') && actor.role === 'admin' && incidentHandlers.includes(actor.userId);
}

export const audioRecordingDecider: Decider<AudioRecordingState, AudioRecordingCommand, AudioRecordingEvent> = {
  ...foldThrough(audioRecordingMachine),
  decide,
};
