import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIO_RETENTION_DAYS, MAX_RECORDING_SECONDS } from '../../../domain/audioRecording/events.js';
import { postJson, serverMessageOr } from '../api/http.js';
import { recordingQueryOptions, rideSafetyPath, uploadRecording, type Recording } from './safetyApi.js';

type Party = 'rider' | 'driver';

/** What this device is doing with the microphone (only the requester's device records). */
type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'recording' }
  | { kind: 'uploading' }
  | { kind: 'uploadFailed'; message: string }
  | { kind: 'micError'; reason: 'denied' | 'unavailable' }
  | { kind: 'failed'; message: string };

/** The formats the server takes, in the order we ask the browser for them. */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'] as const;

const NOTICE_STATUSES: readonly Recording['status'][] = ['requested', 'recording', 'uploaded'];

function supportedType(): string | undefined {
  return RECORDING_TYPES.find((type) => typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported(type));
}

const canRecordHere = () => typeof MediaRecorder !== 'undefined' && typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** "0:07", "12:34", "1:02:03". */
function clock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/**
 * Recording the ride's audio (issue 13): either person opts in; both are shown a notice (who
 * asked, who may listen, how long it is kept) and each screen that shows it tells the server so.
 * Once both have seen it, the requester's device takes the microphone, records, and uploads when
 * they stop; or they cancel and nothing is kept. The other person sees where it stands.
 */
export function AudioRecording({ rideId, party, live, ended }: { rideId: string; party: Party; live: boolean; ended: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const options = useMemo(() => recordingQueryOptions(rideId), [rideId]);
  const query = useQuery({ ...options, refetchInterval: live ? false : 5_000 });
  const recording = query.data;
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [busy, setBusy] = useState<'request' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);

  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  const startedAt = useRef(0);
  /** A recording kept on this device after a failed upload, to try again. */
  const pending = useRef<{ audio: Blob; durationSeconds: number } | null>(null);
  const noticePosted = useRef<string | null>(null);
  const autoStarted = useRef<string | null>(null);
  const mounted = useRef(true);

  const show = useCallback((next: Recording) => queryClient.setQueryData(options.queryKey, next), [queryClient, options.queryKey]);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: options.queryKey }), [queryClient, options.queryKey]);

  /** Lets go of the microphone and forgets what was recorded on this device. */
  const release = useCallback(() => {
    const active = recorder.current;
    recorder.current = null;
    if (active && active.state !== 'inactive') {
      active.ondataavailable = null;
      active.stop();
    }
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    chunks.current = [];
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      release();
    };
  }, [release]);

  const status = recording?.status ?? 'none';
  const recordingId = recording?.recordingId ?? null;
  const mine = recording?.requestedBy === party && recording.requestedBy !== null;
  const bothSawNotice = recording ? recording.noticeSeenBy.includes('rider') && recording.noticeSeenBy.includes('driver') : false;
  const noticeShown = NOTICE_STATUSES.includes(status) && recordingId !== null;

  // Showing the notice here is what the server counts as this party having been told: once.
  useEffect(() => {
    if (!noticeShown || !recording || recording.noticeSeenBy.includes(party) || noticePosted.current === recordingId) return;
    noticePosted.current = recordingId;
    postJson<Recording>(`${rideSafetyPath(rideId)}/recording/notice`)
      .then(show)
      .catch(() => {
        noticePosted.current = null;
      });
  }, [noticeShown, recording, recordingId, party, rideId, show]);

  // The elapsed time while this device records.
  useEffect(() => {
    if (phase.kind !== 'recording') return;
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - startedAt.current) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [phase.kind]);

  // Stopped elsewhere (cancelled from another of the requester's devices): let go of the microphone.
  useEffect(() => {
    if (phase.kind === 'recording' && (status === 'none' || status === 'cancelled' || status === 'deleted')) {
      release();
      setPhase({ kind: 'idle' });
    }
  }, [phase.kind, status, release]);

  /** Takes the microphone, tells the server (unless it already counts it as recording), records. */
  const start = useCallback(async () => {
    setError(null);
    if (!canRecordHere()) return setPhase({ kind: 'micError', reason: 'unavailable' });
    setPhase({ kind: 'starting' });
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (failure) {
      const name = (failure as { name?: string } | null)?.name;
      return setPhase({ kind: 'micError', reason: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable' });
    }
    if (!mounted.current) {
      media.getTracks().forEach((track) => track.stop());
      return;
    }
    stream.current = media;
    let made: MediaRecorder;
    try {
      const mimeType = supportedType();
      made = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    } catch {
      release();
      return setPhase({ kind: 'micError', reason: 'unavailable' });
    }
    try {
      const now = queryClient.getQueryData<Recording>(options.queryKey);
      if (now?.status !== 'recording') show(await postJson<Recording>(`${rideSafetyPath(rideId)}/recording/start`));
    } catch (failure) {
      release();
      refresh();
      return setPhase({ kind: 'failed', message: serverMessageOr(failure, t('safety.recording.failed')) });
    }
    chunks.current = [];
    made.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    recorder.current = made;
    startedAt.current = Date.now();
    setElapsed(0);
    made.start(1000);
    setPhase({ kind: 'recording' });
  }, [options.queryKey, queryClient, refresh, release, rideId, show, t]);

  // The requester's device starts once both have seen the notice, or carries on (after a reload) a recording the server counts as under way.
  useEffect(() => {
    if (!mine || ended || phase.kind !== 'idle' || recordingId === null || autoStarted.current === recordingId) return;
    if ((status === 'requested' && bothSawNotice) || status === 'recording') {
      autoStarted.current = recordingId;
      void start();
    }
  }, [mine, ended, phase.kind, recordingId, status, bothSawNotice, start]);

  const send = async (audio: Blob, durationSeconds: number) => {
    setPhase({ kind: 'uploading' });
    try {
      const uploaded = await uploadRecording(rideId, audio, durationSeconds);
      pending.current = null;
      queryClient.setQueryData<Recording>(options.queryKey, (was) => (was ? { ...was, ...uploaded } : was));
      refresh();
      setPhase({ kind: 'idle' });
    } catch (failure) {
      pending.current = { audio, durationSeconds };
      setPhase({ kind: 'uploadFailed', message: serverMessageOr(failure, t('safety.recording.uploadFailed')) });
    }
  };

  const stopAndUpload = async () => {
    const active = recorder.current;
    if (!active) return;
    const durationSeconds = Math.min(MAX_RECORDING_SECONDS, Math.max(1, Math.round((Date.now() - startedAt.current) / 1000)));
    setPhase({ kind: 'uploading' });
    const audio = await new Promise<Blob>((resolve) => {
      active.addEventListener('stop', () => resolve(new Blob(chunks.current, { type: active.mimeType || 'audio/webm' })), { once: true });
      active.stop();
    });
    recorder.current = null;
    release();
    await send(audio, durationSeconds);
  };

  const request = async () => {
    setError(null);
    setBusy('request');
    try {
      show(await postJson<Recording>(`${rideSafetyPath(rideId)}/recording/request`));
    } catch (failure) {
      setError(serverMessageOr(failure, t('safety.recording.failed')));
      refresh();
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    setError(null);
    setBusy('cancel');
    try {
      const cancelled = await postJson<Recording>(`${rideSafetyPath(rideId)}/recording/cancel`);
      release();
      pending.current = null;
      autoStarted.current = null;
      setPhase({ kind: 'idle' });
      show(cancelled);
    } catch (failure) {
      setError(serverMessageOr(failure, t('safety.recording.failed')));
      refresh();
    } finally {
      setBusy(null);
    }
  };

  if (!recording) return null;
  // After the ride, only a recording still under way (to upload) or kept is worth a card.
  if (ended && status !== 'recording' && status !== 'uploaded') return null;

  const requester = recording.requestedBy;
  const keptUntil = recording.deleteAfter
    ? new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(recording.deleteAfter))
    : null;

  /** One line for the state, announced when it changes. */
  const stateLine = (() => {
    if (status === 'uploaded') return keptUntil ? t('safety.recording.kept', { date: keptUntil }) : t('safety.recording.keptShort', { days: AUDIO_RETENTION_DAYS });
    if (status === 'deleted') return t('safety.recording.deleted');
    if (status === 'cancelled') return t('safety.recording.cancelled');
    if (status === 'none') return null;
    if (!mine) {
      if (status === 'recording') return requester === 'rider' ? t('safety.recording.underWayOnRiders') : t('safety.recording.underWayOnDrivers');
      return requester === 'rider' ? t('safety.recording.startsOnRiders') : t('safety.recording.startsOnDrivers');
    }
    switch (phase.kind) {
      case 'starting':
        return t('safety.recording.starting');
      case 'recording':
        return t('safety.recording.recordingHere');
      case 'uploading':
        return t('safety.recording.uploading');
      case 'uploadFailed':
      case 'micError':
      case 'failed':
        return t('safety.recording.notRecording');
      default:
        if (ended) return t('safety.recording.notRecording');
        if (status === 'requested' && !bothSawNotice) return party === 'rider' ? t('safety.recording.waitingForDriver') : t('safety.recording.waitingForRider');
        return t('safety.recording.starting');
    }
  })();

  const requestedByLine = requester === party ? t('safety.recording.requestedByYou') : requester === 'rider' ? t('safety.recording.requestedByRider') : t('safety.recording.requestedByDriver');
  const mayCancel = mine && (status === 'requested' || status === 'recording') && phase.kind !== 'uploading' && phase.kind !== 'starting';

  return (
    <section className="card audio-recording" aria-labelledby={`${id}-title`} data-testid="audio-recording" data-status={status}>
      <h2 id={`${id}-title`}>{t('safety.recording.title')}</h2>
      {noticeShown && (
        <div className="audio-recording__notice" data-testid="recording-notice">
          <p className="audio-recording__notice-title">
            <strong>{status === 'requested' ? t('safety.recording.noticeWillBe') : status === 'recording' ? t('safety.recording.noticeIs') : t('safety.recording.noticeWas')}</strong>
          </p>
          <p>{requestedByLine}</p>
          <p>{t('safety.recording.privacy')}</p>
          <p>{t('safety.recording.retention', { days: AUDIO_RETENTION_DAYS })}</p>
        </div>
      )}
      {(status === 'none' || status === 'cancelled' || status === 'deleted') && <p className="fine-print">{t('safety.recording.intro', { days: AUDIO_RETENTION_DAYS })}</p>}

      <p role="status" aria-live="polite" className="audio-recording__state" data-testid="recording-state">
        {stateLine}
      </p>
      {mine && phase.kind === 'recording' && (
        <p className="audio-recording__elapsed">
          <span className="audio-recording__dot" aria-hidden="true" />
          {t('safety.recording.elapsed')}{' '}
          <span role="timer" aria-live="off" data-testid="recording-elapsed">
            {clock(elapsed)}
          </span>
        </p>
      )}
      {mine && ended && phase.kind === 'recording' && <p className="fine-print">{t('safety.recording.rideEnded')}</p>}
      {mine && phase.kind === 'micError' && (
        <p className="field__error" role="alert" data-testid="recording-mic-error">
          {phase.reason === 'denied' ? t('safety.recording.micDenied') : t('safety.recording.micUnavailable')}
        </p>
      )}
      {mine && (phase.kind === 'uploadFailed' || phase.kind === 'failed') && (
        <p className="field__error" role="alert">
          {phase.message}
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}

      <div className="audio-recording__actions">
        {!ended && (status === 'none' || status === 'cancelled') && (
          <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => void request()}>
            {busy === 'request' ? t('safety.recording.requesting') : t('safety.recording.request')}
          </button>
        )}
        {mine && phase.kind === 'recording' && (
          <button type="button" className="button button--primary" onClick={() => void stopAndUpload()}>
            {t('safety.recording.stop')}
          </button>
        )}
        {mine && phase.kind === 'uploadFailed' && (
          <button type="button" className="button button--primary" onClick={() => pending.current && void send(pending.current.audio, pending.current.durationSeconds)}>
            {t('safety.recording.retryUpload')}
          </button>
        )}
        {mine && !ended && (phase.kind === 'micError' || phase.kind === 'failed') && status !== 'uploaded' && (
          <button type="button" className="button button--secondary" onClick={() => void start()}>
            {phase.kind === 'micError' ? t('safety.recording.retryMic') : t('safety.recording.retry')}
          </button>
        )}
        {mayCancel && (
          <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => void cancel()}>
            {busy === 'cancel' ? t('safety.recording.cancelling') : t('safety.recording.cancel')}
          </button>
        )}
      </div>
    </section>
  );
}
