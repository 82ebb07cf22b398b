import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { supportStatuses, type SupportStatus } from '../../routes/admin/-supportSearch.js';
import { formatDateTime } from '../format/adminTime.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { RequestError } from '../ui/RequestError.js';
import { useSetSupportStatus } from './supportApi.js';
import { needsUrgentAttention, type SupportMessage } from './supportInbox.js';

const statusTone: Record<SupportStatus, string> = {
  open: 'admin-status--waiting',
  in_progress: '',
  resolved: 'admin-status--good',
};

export type StatusChanged = (message: SupportMessage, status: SupportStatus) => void;

/** The id of a message's status buttons, so focus can be put back on them after the list re-sorts. */
export const statusGroupId = (messageId: string) => `support-status-${messageId}`;

interface SupportMessageCardProps {
  message: SupportMessage;
  onStatusChanged: StatusChanged;
}

/** One message: its subject, who sent it, category, urgency, when, its status and the buttons that change it. */
export function SupportMessageCard({ message, onStatusChanged }: SupportMessageCardProps) {
  const { t, i18n } = useAdminTranslation();
  const setStatus = useSetSupportStatus();
  const subjectId = useId();
  const urgent = needsUrgentAttention(message);

  const choose = (status: SupportStatus) => {
    // Buttons stay enabled while a change is on its way, so focus is not lost; a second click waits.
    if (status === message.status || setStatus.isPending) return;
    setStatus.mutate({ id: message.id, status }, { onSuccess: () => onStatusChanged(message, status) });
  };

  return (
    <li className={`card admin-support__message${urgent ? ' admin-support__message--urgent' : ''}`} data-testid={`support-message-${message.id}`}>
      <article aria-labelledby={subjectId}>
        <div className="admin-support__heading">
          <h3 id={subjectId}>{message.subject}</h3>
          <span className="admin-support__badges">
            <span className={`admin-status${message.urgency === 'emergency' ? ' admin-status--bad' : message.urgency === 'high' ? ' admin-status--waiting' : ''}`}>
              {t('support.urgencyLabel', { urgency: t(`support.urgencies.${message.urgency}`) })}
            </span>
            <span className={`admin-status ${statusTone[message.status]}`} data-testid="support-status">
              {t(`support.statuses.${message.status}`)}
            </span>
          </span>
        </div>
        <dl className="admin-support__facts">
          <dt>{t('support.fields.from')}</dt>
          <dd>
            {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a>{' '}
            <span className="fine-print">({message.userId ? t('support.fromAccount') : t('support.fromVisitor')})</span>
          </dd>
          <dt>{t('support.fields.category')}</dt>
          <dd>{t(`support.categories.${message.category}`)}</dd>
          {message.rideId && (
            <>
              <dt>{t('support.fields.ride')}</dt>
              <dd>
                <Link to="/admin/rides/$rideId" params={{ rideId: message.rideId }} data-testid="support-ride-link">
                  {t('support.openRide')} <code>{message.rideId}</code>
                </Link>
              </dd>
            </>
          )}
          <dt>{t('support.fields.received')}</dt>
          <dd>
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language)}</time>
          </dd>
        </dl>
        <p className="admin-support__text">{message.message}</p>
        <div className="admin-support__actions">
          <span className="fine-print" aria-hidden="true">
            {t('support.changeStatus')}
          </span>
          <div id={statusGroupId(message.id)} role="group" aria-label={t('support.changeStatusOf', { subject: message.subject })} aria-busy={setStatus.isPending} className="admin-support__status-buttons">
            {supportStatuses.map((status) => (
              <button
                key={status}
                type="button"
                className={`button ${status === message.status ? 'button--primary' : 'button--secondary'}`}
                aria-pressed={status === message.status}
                onClick={() => choose(status)}
              >
                {t(`support.statuses.${status}`)}
              </button>
            ))}
          </div>
        </div>
        <RequestError request={setStatus} fallback={t('support.changeFailed')} />
      </article>
    </li>
  );
}
