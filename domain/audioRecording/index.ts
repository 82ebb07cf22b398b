/**
 * Audio recording of a ride (stream `audioRecording-<rideId>`): opt-in by either person, both
 * told, recorded and uploaded by the requester's device (stored encrypted by platform/documents),
 * deleted AUDIO_RETENTION_DAYS after the upload; played only by an admin handling an incident.
 */
export * from './events.js';
export * from './commands.js';
export { audioRecordingMachine, type AudioRecordingContext, type Recording } from './machine.js';
export {
  audioRecordingDecider,
  audioRecordingStream,
  decide,
  describeAudioRecordingState,
  mayPlayAudioRecording,
  recordingIdFor,
  type AudioRecordingState,
} from './decider.js';
