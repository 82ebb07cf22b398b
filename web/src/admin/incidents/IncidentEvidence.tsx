import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { messagesQueryOptions } from '../../safety/safetyApi.js';
import { formatDateTime } from '../format/adminTime.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { incidentRecordingQueryOptions, recordingAudioUrl, type Incident } from './incidentsApi.js';

/**
 * What the admin handling an incident may see of the ride (the server allows it only to an admin
 * who acknowledged it): the messages between rider and driver, kept live by the admin socket, and
 * the audio recording, played from the server while it is kept. Others are told to acknowledge first.
 */
export function IncidentEvidence({ incident }: { incident: Incident }) {
  const { t } = useAdminTranslation();
  if (!incident.handledByYou) return <p className="fine-print" data-testid="incident-evidence-locked">{t('incidents.evidence.onlyHandler')}</p>;
  return (
    <div className="incident__evidence" data-testid="incident-evidence">
      <IncidentMessages rideId={incident.rideId} />
      <IncidentRecording rideId={incident.rideId} />
    </div>
  );
}

function IncidentMessages({ rideId }: { rideId: string }) {
  const { t, i18n } = useAdminTranslation();
  const titleId = useId();
  const conversation = useQuery(messagesQueryOptions(rideId));
  return (
    <section aria-labelledby={titleId} data-testid="incident-messages">
      <h3 id={titleId}>{t('incidents.evidence.messagesTitle')}</h3>
      {conversation.isPending ? null : conversation.isError ? (
        <p role="alert">{t('incidents.evidence.messagesFailed')}</p>
      ) : conversation.data.messages.length === 0 ? (
        <p className="fine-print">{t('incidents.evidence.noMessages')}</p>
      ) : (
        <ol className="incident__messages" aria-live="polite">
          {conversation.data.messages.map((message) => (
            <li key={message.messageId}>
              <strong>{message.from === 'rider' ? t('incidents.evidence.fromRider') : t('incidents.evidence.fromDriver')}</strong>{' '}
              <time dateTime={message.sentAt} className="fine-print">
                {formatDateTime(message.sentAt, i18n.language)}
              </time>
              <br />
              {message.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function IncidentRecording({ rideId }: { rideId: string }) {
  const { t, i18n } = useAdminTranslation();
  const titleId = useId();
  const recording = useQuery(incidentRecordingQueryOptions(rideId));
  return (
    <section aria-labelledby={titleId} data-testid="incident-recording">
      <h3 id={titleId}>{t('incidents.evidence.recordingTitle')}</h3>
      {recording.isPending ? null : recording.isError ? (
        <p role="alert">{t('incidents.evidence.recordingFailed')}</p>
      ) : recording.data.status === 'uploaded' ? (
        <>
          <audio controls preload="none" src={recordingAudioUrl(rideId)} aria-labelledby={titleId} data-testid="incident-recording-player" />
          {recording.data.deleteAfter && <p className="fine-print">{t('incidents.evidence.recordingKept', { time: formatDateTime(recording.data.deleteAfter, i18n.language) })}</p>}
        </>
      ) : (
        <p className="fine-print">{t(`incidents.evidence.recordingStatus.${recording.data.status}`)}</p>
      )}
    </section>
  );
}
