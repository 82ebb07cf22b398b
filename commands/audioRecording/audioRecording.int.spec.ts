import { describe, expect, it } from 'vitest';
import { audioRecordingStream, AUDIO_RETENTION_DAYS } from '../../domain/audioRecording/index.js';
import { admin, as, expectRefusal, givenRideInProgress, storedTypes, system, useRideTestBed } from '../../tests/support/rideFixtures.js';
import { completeTrip } from '../ride/index.js';
import { deleteAudioRecording, recordAudioUploaded, requestAudioRecording, seeAudioRecordingNotice, startAudioRecording } from './index.js';

const bed = useRideTestBed('audiorecording');

describe('audio recording of a ride', () => {
  it('opted in by the rider, told to the driver, recorded, uploaded after the trip and deleted seven days later', async () => {
    const ride = await givenRideInProgress(bed.services);
    const ref = { rideId: ride.rideId };
    await requestAudioRecording(bed.services, ref, as(ride.rider));
    await seeAudioRecordingNotice(bed.services, ref, as(ride.driver.actor));
    await startAudioRecording(bed.services, ref, as(ride.rider));
    await completeTrip(bed.services, ref, as(ride.driver.actor));
    const uploaded = await recordAudioUploaded(bed.services, { ...ref, documentId: 'doc-audio-1', durationSeconds: 840, sizeBytes: 900_000 }, as(ride.rider));
    expect(uploaded.events[0]).toMatchObject({
      type: 'AudioRecordingUploaded',
      data: { documentId: 'doc-audio-1', deleteAfter: new Date(bed.clock.now().getTime() + AUDIO_RETENTION_DAYS * 86_400_000).toISOString() },
    });

    const stream = audioRecordingStream(ride.rideId);
    await expectRefusal(bed.store, [stream], () => deleteAudioRecording(bed.services, ref, as(admin)), 'forbidden');
    bed.clock.advance(AUDIO_RETENTION_DAYS * 86_400 - 1);
    await expectRefusal(bed.store, [stream], () => deleteAudioRecording(bed.services, ref, as(system)), 'not_allowed_in_state', /kept until/);
    bed.clock.advance(1);
    await deleteAudioRecording(bed.services, ref, as(system));
    expect(await storedTypes(bed.store, stream)).toEqual([
      'AudioRecordingRequested',
      'AudioRecordingNoticeSeen',
      'AudioRecordingStarted',
      'AudioRecordingUploaded',
      'AudioRecordingDeleted',
    ]);
  });

  it('only the requester’s device starts or uploads it; no one off the ride opts in', async () => {
    const ride = await givenRideInProgress(bed.services);
    const ref = { rideId: ride.rideId };
    const stream = audioRecordingStream(ride.rideId);
    await expectRefusal(bed.store, [stream], () => requestAudioRecording(bed.services, ref, as(admin)), 'forbidden');
    await requestAudioRecording(bed.services, ref, as(ride.driver.actor));
    await expectRefusal(bed.store, [stream], () => startAudioRecording(bed.services, ref, as(ride.rider)), 'forbidden');
    await expectRefusal(bed.store, [stream], () => recordAudioUploaded(bed.services, { ...ref, documentId: 'doc-x', durationSeconds: 10, sizeBytes: 10 }, as(ride.driver.actor)), 'not_allowed_in_state');
  });
});
