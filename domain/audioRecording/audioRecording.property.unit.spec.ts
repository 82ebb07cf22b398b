import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { RideFacts } from '../ride/facts.js';
import type { Actor } from '../shared/command.js';
import { DomainError, fold } from '../shared/index.js';
import { fixedDeps } from '../shared/spec.js';
import type { AudioRecordingCommand } from './commands.js';
import { audioRecordingDecider, type AudioRecordingState } from './decider.js';
import { parseAudioRecordingEvent, type AudioRecordingEvent } from './events.js';

/**
 * Random recording commands by the two on the ride, an admin and the timer, over days: nothing is
 * uploaded that was not being recorded, nothing deleted before its time or by a person, each
 * party's notice recorded once per recording, refusals change nothing.
 */

const rideId = 'ride-kitwe-0123';
const rider: Actor = { userId: 'user-chanda', role: 'passenger' };
const driver: Actor = { userId: 'user-mwale', role: 'driver' };
const actors: Actor[] = [rider, driver, { userId: 'admin-phiri', role: 'admin' }, { userId: 'timer', role: 'system' }];
const types = ['RequestAudioRecording', 'SeeAudioRecordingNotice', 'StartAudioRecording', 'CancelAudioRecording', 'RecordAudioUploaded', 'DeleteAudioRecording'] as const;
/** Mostly the one who would naturally issue it (-1: the rider, or the timer for a deletion), sometimes anyone. */
const actorIndex = fc.oneof({ weight: 3, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: actors.length - 1 }) });
/**
 * Biased so walks get to the upload and, a week on, the deletion: a cancellation comes half as
 * often as each other command, the ride is mostly still on, and the clock sometimes leaps 200 h.
 */
const type = fc.oneof({ weight: 1, arbitrary: fc.constant('CancelAudioRecording' as const) }, { weight: 10, arbitrary: fc.constantFrom(...types.filter((t) => t !== 'CancelAudioRecording')) });
const rideOver = fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
const step = fc.record({ type, actor: actorIndex, advanceHours: fc.constantFrom(0, 1, 24, 100, 200), rideOver });

const ride = (over: boolean): RideFacts => ({
  rideId,
  status: over ? 'completed' : 'in_progress',
  riderUserId: rider.userId,
  driverUserId: driver.userId,
  tripStartedAt: null,
  endedAt: over ? '2025-01-15T09:00:00.000Z' : null,
});
const visible = (state: AudioRecordingState) => JSON.parse(JSON.stringify({ value: state.value, context: state.context })) as unknown;
const reached = new Set<string>();

describe('audio recording under random commands', () => {
  it('keeps its invariants', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30, size: 'max' }), (steps) => {
        let state = audioRecordingDecider.initialState();
        let nowMs = Date.parse('2025-01-15T08:00:00.000Z');
        const history: AudioRecordingEvent[] = [];
        for (const { type, actor, advanceHours, rideOver } of steps) {
          nowMs += advanceHours * 3_600_000;
          const by = actor >= 0 ? actors[actor]! : type === 'DeleteAudioRecording' ? actors[3]! : rider;
          const data = { rideId, ride: ride(rideOver) };
          const command = (
            type === 'RecordAudioUploaded' ? { type, actor: by, data: { ...data, documentId: 'doc-1', durationSeconds: 600, sizeBytes: 10_000 } }
            : type === 'DeleteAudioRecording' ? { type, actor: by, data: { rideId } }
            : { type, actor: by, data }
          ) as AudioRecordingCommand;
          const before = visible(state);
          const wasRecording = state.matches('recording');
          let events: AudioRecordingEvent[];
          try {
            events = audioRecordingDecider.decide(command, state, fixedDeps({ now: new Date(nowMs) }));
          } catch (error) {
            expect(error, String(error)).toBeInstanceOf(DomainError);
            expect(visible(state)).toEqual(before);
            continue;
          }
          for (const event of events) {
            expect(parseAudioRecordingEvent(event)).toEqual(event);
            if (event.type === 'AudioRecordingUploaded') expect(wasRecording).toBe(true);
            if (event.type === 'AudioRecordingDeleted') {
              expect(by.role).toBe('system');
              expect(nowMs).toBeGreaterThanOrEqual(Date.parse(state.context.current!.deleteAfter!));
            }
            state = audioRecordingDecider.evolve(state, event);
            history.push(event);
            reached.add(event.type);
          }
          const seen = state.context.current?.noticeSeenBy ?? [];
          expect(new Set(seen).size).toBe(seen.length);
        }
        expect(history.filter((event) => event.type === 'AudioRecordingUploaded').length).toBeLessThanOrEqual(1);
        expect(visible(fold(audioRecordingDecider, history))).toEqual(visible(state));
      }),
      { numRuns: 300 },
    );
  });

  afterAll(() => {
    // Over 100 seeds the fewest runs (of 300) reaching one were 14, for AudioRecordingDeleted (unbiased, 1 seed in 100 had none).
    for (const name of ['AudioRecordingRequested', 'AudioRecordingNoticeSeen', 'AudioRecordingStarted', 'AudioRecordingCancelled', 'AudioRecordingUploaded', 'AudioRecordingDeleted']) {
      expect(reached, `no run reached ${name}`).toContain(name);
    }
  });
});
