import type { Ref } from 'react';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { INBOX_LIMIT, type SupportMessage } from './supportInbox.js';
import { SupportMessageCard, type StatusChanged } from './SupportMessageCard.js';

interface SupportMessageListProps {
  /** The list's heading: where focus goes when the message it was on leaves the list. */
  ref: Ref<HTMLHeadingElement>;
  messages: readonly SupportMessage[];
  /** Whether filters are applied (an empty list then says so rather than "no messages yet"). */
  filtered: boolean;
  onStatusChanged: StatusChanged;
}

export function SupportMessageList({ ref, messages, filtered, onStatusChanged }: SupportMessageListProps) {
  const { t } = useAdminTranslation();
  return (
    <section aria-labelledby="support-list-title" className="admin-support">
      <h2 id="support-list-title" ref={ref} tabIndex={-1}>
        {t('support.listTitle')}
      </h2>
      {messages.length === 0 ? (
        <p className="card admin-empty">{filtered ? t('support.emptyFiltered') : t('support.empty')}</p>
      ) : (
        <ul className="admin-support__list" data-testid="support-messages">
          {messages.map((message) => (
            <SupportMessageCard key={message.id} message={message} onStatusChanged={onStatusChanged} />
          ))}
        </ul>
      )}
      {messages.length >= INBOX_LIMIT && <p className="fine-print">{t('support.limited', { count: messages.length })}</p>}
    </section>
  );
}
