import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { timerIdFor } from '../../../commands/timers/timerSchedulingReactor.js';
import { fireTimer, timerActor } from '../../../commands/timers/timerKinds.js';
import { AUDIO_RETENTION_DAYS, audioRecordingStream } from '../../../domain/audioRecording/index.js';
import { webmHeader } from '../../../tests/support/uploadFixtures.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, call, places, rideRequest, settled } from '../../../tests/journeys/kit.js';

/**
 * Issue 13: a ride's recording is kept AUDIO_RETENTION_DAYS, then its durable timer deletes it —
 * the event that says so and the encrypted object itself, in the storage the upload route wrote
 * (the bed wires the timer to it as api/foundation.ts does) — once, however often the timer fires.
 */
let bed: ApiTestBed;
let rider: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  [rider, admin] = await Promise.all([bed.signIn('passenger'), bed.signIn('admin')]);
});
afterAll(() => bed.close());

const DAY_MS = 86_400_000;

async function uploadedRecording(): Promise<{ rideId: string; audio: Buffer }> {
  const driver = await approvedDriver(bed, { at: places.parklands });
  const { body: ride } = await call(bed, rider, 'POST', '/api/rides', rideRequest());
  const rideId: string = ride.id;
  expect((await call(bed, driver, 'PATCH', `/api/rides/${rideId}`, { status: 'accepted' })).status).toBe(200);
  expect((await call(bed, driver, 'POST', `/api/rides/${rideId}/arrive`)).status).toBe(200);
  await settled(bed);
  const pin = (await call(bed, rider, 'GET', `/api/rides/${rideId}`)).body.pin.code;
  expect((await call(bed, driver, 'POST', `/api/rides/${rideId}/start`, { pin })).status).toBe(200);
  await call(bed, rider, 'POST', `/api/rides/${rideId}/recording/request`);
  await call(bed, driver, 'POST', `/api/rides/${rideId}/recording/notice`);
  expect((await call(bed, rider, 'POST', `/api/rides/${rideId}/recording/start`)).body.status).toBe('recording');
  const audio = Buffer.concat([webmHeader(), randomBytes(4000)]);
  const boundary = 'tiyendeboundary';
  const upload = await bed.app.inject({
    method: 'POST',
    url: `/api/rides/${rideId}/recording/upload?durationSeconds=30`,
    headers: { ...rider.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="ride.webm"\r\nContent-Type: audio/webm\r\n\r\n`),
      audio,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  return { rideId, audio };
}

const play = (rideId: string) => bed.app.inject({ method: 'GET', url: `/api/rides/${rideId}/recording/audio`, headers: admin.headers });

async function timerRow(id: string) {
  return bed.db.selectFrom('timers').select(['status', 'attempts', 'kind', 'payload']).where('id', '=', id).executeTakeFirst();
}

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (let round = 0; ; round++) {
    const value = await read();
    if (check(value)) return value;
    if (round >= 200) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a recording’s retention timer', () => {
  it('deletes the stored audio when it fires, and the ride says so: the recording is gone (404) and was deleted once', async () => {
    const { rideId, audio } = await uploadedRecording();
    const stream = audioRecordingStream(rideId);
    const uploaded = (await bed.store.readStream(stream)).find((event) => event.type === 'AudioRecordingUploaded')!;
    const { documentId, deleteAfter } = uploaded.data as { documentId: string; deleteAfter: string };
    const key = `recordings/${documentId}`;
    expect(await bed.storage.exists(key)).toBe(true);

    // An admin handling an incident on the ride plays it while it is kept.
    expect((await call(bed, rider, 'POST', `/api/rides/${rideId}/emergency`, { location: null })).status).toBe(200);
    await settled(bed);
    const incident = (await call(bed, admin, 'GET', '/api/admin/incidents')).body.incidents.find((candidate: { rideId: string }) => candidate.rideId === rideId);
    expect((await call(bed, admin, 'POST', `/api/admin/incidents/${incident.incidentId}/acknowledge`)).status).toBe(200);
    const played = await play(rideId);
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(audio)).toBe(true);

    // The durable timer the upload set, due when the retention ends.
    const timerId = timerIdFor('audio_recording_deletion', uploaded.id);
    await settled(bed);
    expect(await timerRow(timerId)).toMatchObject({ status: 'pending', kind: 'audio_recording_deletion' });
    expect(Date.parse(deleteAfter) - bed.clock.now().getTime()).toBe(AUDIO_RETENTION_DAYS * DAY_MS);

    const deletes = vi.spyOn(bed.storage, 'delete');
    try {
      // A second before it is due: nothing happens.
      bed.clock.advance(AUDIO_RETENTION_DAYS * DAY_MS - 1_000);
      await bed.writeSide.timers.fireDueTimers();
      expect(await timerRow(timerId)).toMatchObject({ status: 'pending' });
      expect(await bed.storage.exists(key)).toBe(true);
      expect((await play(rideId)).statusCode).toBe(200);

      // Due: the scheduler (running as in the app) fires it; the object leaves the store.
      bed.clock.advance(1_000);
      expect(await eventually(() => timerRow(timerId), (row) => row?.status !== 'pending')).toMatchObject({ status: 'done', attempts: 1 });
      expect(await bed.storage.exists(key)).toBe(false);
      expect(deletes.mock.calls).toEqual([[key]]);
      const deleted = (await bed.store.readStream(stream)).filter((event) => event.type === 'AudioRecordingDeleted');
      expect(deleted.map((event) => event.data)).toEqual([expect.objectContaining({ documentId, reason: 'retention_elapsed' })]);

      // What the ride's people and the admin see: deleted; the audio answers 404, even to the handling admin.
      expect((await call(bed, rider, 'GET', `/api/rides/${rideId}/recording`)).body).toMatchObject({ status: 'deleted' });
      const gone = await play(rideId);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: 'not_found', message: 'This ride has no recording kept' });

      // Fired again (a crash after the append, before the timer was marked done): no second event, nothing else deleted.
      await fireTimer(bed.commands, { kind: 'audio_recording_deletion', payload: { rideId, documentId } }, { commandId: timerId, actor: timerActor });
      expect((await bed.store.readStream(stream)).filter((event) => event.type === 'AudioRecordingDeleted')).toHaveLength(1);
      expect(deletes.mock.calls.every(([deletedKey]) => deletedKey === key)).toBe(true);
      expect(await bed.storage.exists(key)).toBe(false);
    } finally {
      deletes.mockRestore();
    }
  });
});
