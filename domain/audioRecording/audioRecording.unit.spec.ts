import { describe, expect, it } from 'vitest';
import type { RideFacts } from '../ride/facts.js';
import type { Actor } from '../shared/command.js';
import { fold } from '../shared/index.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import type { AudioRecordingCommand } from './commands.js';
import { audioRecordingDecider, mayPlayAudioRecording, recordingIdFor } from './decider.js';
import { parseAudioRecordingEvent, type AudioRecordingEvent } from './events.js';

const rideId = 'ride-ndola-0011';
const now = '2025-01-15T08:00:00.000Z';
const daysFrom = (days: number, from = now) => new Date(Date.parse(from) + days * 86_400_000).toISOString();
const rider: Actor = { userId: 'user-chanda', role: 'passenger' };
const driver: Actor = { userId: 'user-mwale', role: 'driver' };
const admin: Actor = { userId: 'admin-phiri', role: 'admin' };
const timer: Actor = { userId: 'timer', role: 'system' };
const ride = (status: RideFacts['status'] = 'in_progress'): RideFacts => ({
  rideId,
  status,
  riderUserId: rider.userId,
  driverUserId: status === 'pending' ? null : driver.userId,
  tripStartedAt: null,
  endedAt: status === 'completed' ? now : null,
});
const recordingId = recordingIdFor(rideId, 1);

const spec = DeciderSpecification.for(audioRecordingDecider);
const at = (instant = now) => fixedDeps({ now: instant });
const cmd = (type: Exclude<AudioRecordingCommand['type'], 'RecordAudioUploaded' | 'DeleteAudioRecording'>, actor: Actor, status: RideFacts['status'] = 'in_progress'): AudioRecordingCommand =>
  ({ type, actor, data: { rideId, ride: ride(status) } }) as AudioRecordingCommand;
const upload = (actor: Actor = rider): AudioRecordingCommand => ({
  type: 'RecordAudioUploaded',
  actor,
  data: { rideId, ride: ride('completed'), documentId: 'doc-77', durationSeconds: 900, sizeBytes: 1_200_000 },
});
const remove = (actor: Actor = timer): AudioRecordingCommand => ({ type: 'DeleteAudioRecording', actor, data: { rideId } });

const requested: AudioRecordingEvent = {
  type: 'AudioRecordingRequested',
  data: { rideId, recordingId, requestedBy: 'rider', requestedByUserId: rider.userId, partiesToTell: ['rider', 'driver'], requestedAt: now },
};
const started: AudioRecordingEvent = { type: 'AudioRecordingStarted', data: { rideId, recordingId, startedAt: now } };
const uploaded: AudioRecordingEvent = {
  type: 'AudioRecordingUploaded',
  data: { rideId, recordingId, documentId: 'doc-77', durationSeconds: 900, sizeBytes: 1_200_000, uploadedAt: now, deleteAfter: daysFrom(7) },
};
const stored = [requested, started, uploaded];

describe('opting in', () => {
  it('by the rider tells both people on the ride', () => spec([]).when(cmd('RequestAudioRecording', rider), at()).then([requested]));

  it('by the driver too', () =>
    spec([]).when(cmd('RequestAudioRecording', driver), at()).then([{ ...requested, data: { ...requested.data, requestedBy: 'driver', requestedByUserId: driver.userId } }]));

  it('records that the other party saw the notice, once', () => {
    const seen: AudioRecordingEvent = { type: 'AudioRecordingNoticeSeen', data: { rideId, recordingId, party: 'driver', userId: driver.userId, seenAt: now } };
    spec([requested]).when(cmd('SeeAudioRecordingNotice', driver), at()).then([seen]);
    spec([requested, seen]).when(cmd('SeeAudioRecordingNotice', driver), at()).thenNothingHappened();
    spec([requested]).when(cmd('SeeAudioRecordingNotice', rider), at()).thenNothingHappened();
  });

  it.each(['pending', 'completed'] as const)('is not possible while the ride is %s', (status) =>
    spec([]).when(cmd('RequestAudioRecording', rider, status), at()).thenThrows('not_allowed_in_state', `ride is ${status}`));

  it('is refused while a recording is requested, under way or kept', () => {
    spec([requested]).when(cmd('RequestAudioRecording', driver), at()).thenThrows('not_allowed_in_state', 'is requested');
    spec(stored).when(cmd('RequestAudioRecording', driver), at()).thenThrows('not_allowed_in_state', 'is stored');
  });

  it.each([admin, { userId: 'user-x', role: 'passenger' as const }])('is for the two on the ride: $userId is forbidden', (actor) =>
    spec([]).when(cmd('RequestAudioRecording', actor), at()).thenThrows('forbidden'));
});

describe('recording and uploading', () => {
  it('the requester’s device starts, then uploads; the recording is kept seven days', () => {
    spec([requested]).when(cmd('StartAudioRecording', rider), at()).then([started]);
    spec([requested, started]).when(upload(), at()).then([uploaded]);
  });

  it('only the requester’s device records or uploads', () => {
    spec([requested]).when(cmd('StartAudioRecording', driver), at()).thenThrows('forbidden');
    spec([requested, started]).when(upload(driver), at()).thenThrows('forbidden');
  });

  it('an upload before the recording started is refused, and an upload that claims too much', () => {
    spec([requested]).when(upload(), at()).thenThrows('not_allowed_in_state', 'is requested');
    spec([requested, started]).when({ ...upload(), data: { ...(upload().data as object), durationSeconds: 7 * 3600 } } as AudioRecordingCommand, at()).thenThrows('invalid', 'durationSeconds');
  });

  it('cancelled before the upload, nothing is kept and it may be asked for again', () => {
    const cancelled: AudioRecordingEvent = { type: 'AudioRecordingCancelled', data: { rideId, recordingId, cancelledByUserId: rider.userId, cancelledAt: now } };
    spec([requested, started]).when(cmd('CancelAudioRecording', rider), at()).then([cancelled]);
    spec([requested, started, cancelled]).when(cmd('RequestAudioRecording', driver), at()).then([
      { ...requested, data: { ...requested.data, recordingId: recordingIdFor(rideId, 2), requestedBy: 'driver', requestedByUserId: driver.userId } },
    ]);
    spec(stored).when(cmd('CancelAudioRecording', rider), at()).thenThrows('not_allowed_in_state', 'is stored');
  });
});

describe('deleting', () => {
  const deleted: AudioRecordingEvent = {
    type: 'AudioRecordingDeleted',
    data: { rideId, recordingId, documentId: 'doc-77', reason: 'retention_elapsed', deletedAt: daysFrom(7) },
  };

  it('the timer deletes the recording seven days after the upload, not a second before', () => {
    spec(stored).when(remove(), at(new Date(Date.parse(daysFrom(7)) - 1000).toISOString())).thenThrows('not_allowed_in_state', `kept until ${daysFrom(7)}`);
    spec(stored).when(remove(), at(daysFrom(7))).then([deleted]);
  });

  it('nobody else deletes it, and once deleted it is gone for good', () => {
    spec(stored).when(remove(rider), at(daysFrom(8))).thenThrows('forbidden');
    spec(stored).when(remove(admin), at(daysFrom(8))).thenThrows('forbidden');
    spec([...stored, deleted]).when(remove(), at(daysFrom(9))).thenThrows('not_allowed_in_state', 'deleted');
    spec([...stored, deleted]).when(cmd('RequestAudioRecording', rider), at()).thenThrows('not_allowed_in_state');
  });

  it('a ride without a recording has nothing to delete', () => spec([]).when(remove(), at()).thenThrows('not_found'));

  it('every spec event is valid', () => {
    for (const event of [...stored, deleted]) expect(parseAudioRecordingEvent(event)).toEqual(event);
  });
});

describe('who may play it', () => {
  const kept = fold(audioRecordingDecider, stored);

  it('an admin handling an incident on the ride, while it is kept', () => {
    expect(mayPlayAudioRecording(admin, kept, [admin.userId])).toBe(true);
    expect(mayPlayAudioRecording(admin, fold(audioRecordingDecider, [requested, started]), [admin.userId])).toBe(false);
  });

  it('no other admin, and not the people on the ride', () => {
    expect(mayPlayAudioRecording(admin, kept, ['admin-tembo'])).toBe(false);
    expect(mayPlayAudioRecording(rider, kept, [rider.userId])).toBe(false);
    expect(mayPlayAudioRecording(driver, kept, [])).toBe(false);
  });
});
