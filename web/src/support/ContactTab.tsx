import type { RideReport } from './rideReport.js';
import { useTranslation } from 'react-i18next';
import { ContactForm } from './ContactForm.js';
import { supportMailboxes } from './supportContacts.js';

export function ContactTab({ report, onForgetRide }: { report?: RideReport | null; onForgetRide?: () => void } = {}) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <div className="grid grid--compact">
        <div className="card">
          <h3>{t('support.contact.chatTitle')}</h3>
          <p>{t('support.contact.chatBody')}</p>
        </div>
        <div className="card">
          <h3>{t('support.contact.phoneTitle')}</h3>
          <p>
            {t('support.contact.phoneBody')} <a href="tel:991">991</a>
          </p>
        </div>
        <div className="card">
          <h3>{t('support.contact.emailTitle')}</h3>
          <p>
            <a href={`mailto:${supportMailboxes.general}`}>{supportMailboxes.general}</a>
          </p>
        </div>
      </div>
      <ContactForm key={report?.rideId ?? 'none'} report={report ?? null} {...(onForgetRide ? { onForgetRide } : {})} />
    </div>
  );
}
