import { assertEvent, assign, setup } from 'xstate';
import type { Party } from '../ride/values.js';
import type { AudioRecordingEvent } from './events.js';

export interface Recording {
  recordingId: string;
  requestedBy: Party;
  requestedByUserId: string;
  /** The parties whose screens showed the notice. */
  noticeSeenBy: Party[];
  documentId: string | null;
  deleteAfter: string | null;
}

export interface AudioRecordingContext {
  rideId: string | null;
  /** Requests so far, cancelled ones included: the next recording's number is one more. */
  requests: number;
  current: Recording | null;
}

/**
 * A ride's recording (stream `audioRecording-<rideId>`): `off` → `requested` (both told) →
 * `recording` (the requester's browser records) → `stored` (uploaded, encrypted) → `deleted`
 * after the retention period. Cancelled before the upload, it is as if it never was, and may be
 * asked for again.
 */
export const audioRecordingMachine = setup({
  types: {
    context: {} as AudioRecordingContext,
    events: {} as AudioRecordingEvent,
  },
  guards: {
    isNextRequest: ({ context, event }) => {
      assertEvent(event, 'AudioRecordingRequested');
      return (context.rideId === null || context.rideId === event.data.rideId) && event.data.recordingId !== context.current?.recordingId;
    },
    concernsTheRecording: ({ context, event }) => context.current?.recordingId === event.data.recordingId,
    isANewNoticeFor: ({ context, event }) => {
      assertEvent(event, 'AudioRecordingNoticeSeen');
      return context.current?.recordingId === event.data.recordingId && !context.current.noticeSeenBy.includes(event.data.party);
    },
  },
  actions: {
    recordRequest: assign(({ context, event }) => {
      assertEvent(event, 'AudioRecordingRequested');
      const { rideId, recordingId, requestedBy, requestedByUserId } = event.data;
      const current: Recording = { recordingId, requestedBy, requestedByUserId, noticeSeenBy: [requestedBy], documentId: null, deleteAfter: null };
      return { rideId, requests: context.requests + 1, current };
    }),
    recordNotice: assign(({ context, event }) => {
      assertEvent(event, 'AudioRecordingNoticeSeen');
      const current = context.current!;
      return { current: { ...current, noticeSeenBy: [...current.noticeSeenBy, event.data.party] } };
    }),
    forgetRecording: assign({ current: null }),
    recordUpload: assign(({ context, event }) => {
      assertEvent(event, 'AudioRecordingUploaded');
      return { current: { ...context.current!, documentId: event.data.documentId, deleteAfter: event.data.deleteAfter } };
    }),
  },
}).createMachine({
  id: 'audioRecording',
  context: { rideId: null, requests: 0, current: null },
  initial: 'off',
  states: {
    off: {
      on: { AudioRecordingRequested: { guard: 'isNextRequest', target: 'requested', actions: 'recordRequest' } },
    },
    requested: {
      on: {
        AudioRecordingNoticeSeen: { guard: 'isANewNoticeFor', actions: 'recordNotice' },
        AudioRecordingStarted: { guard: 'concernsTheRecording', target: 'recording' },
        AudioRecordingCancelled: { guard: 'concernsTheRecording', target: 'off', actions: 'forgetRecording' },
      },
    },
    recording: {
      on: {
        AudioRecordingNoticeSeen: { guard: 'isANewNoticeFor', actions: 'recordNotice' },
        AudioRecordingUploaded: { guard: 'concernsTheRecording', target: 'stored', actions: 'recordUpload' },
        AudioRecordingCancelled: { guard: 'concernsTheRecording', target: 'off', actions: 'forgetRecording' },
      },
    },
    stored: {
      on: {
        AudioRecordingNoticeSeen: { guard: 'isANewNoticeFor', actions: 'recordNotice' },
        AudioRecordingDeleted: { guard: 'concernsTheRecording', target: 'deleted' },
      },
    },
    deleted: { type: 'final' },
  },
});
