import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmergencyNumbers } from '../shell/EmergencyNumbers.js';
import { LanguageSwitcher } from '../shell/LanguageSwitcher.js';
import { AccountTab } from './AccountTab.js';
import { ContactTab } from './ContactTab.js';
import { FaqTab } from './FaqTab.js';
import { OverviewTab } from './OverviewTab.js';
import { ResourcesTab } from './ResourcesTab.js';
import { supportMailboxes } from './supportContacts.js';
import { supportTabs, type SupportTab } from './supportTabs.js';
import { Tabs } from './Tabs.js';
import type { RideReport } from './rideReport.js';
import { TripsTab } from './TripsTab.js';

/** When another Tiyende window opened this one, offer to go back to it and to close this one. */
function OpenerBar() {
  const { t } = useTranslation();
  if (typeof window === 'undefined' || !window.opener) return null;
  const goToMain = () => {
    try {
      (window.opener as Window).location.href = '/';
      window.close();
    } catch {
      window.location.href = '/';
    }
  };
  return (
    <div className="opener-bar">
      <button type="button" className="button button--ghost" onClick={goToMain}>
        {t('support.goToMain')}
      </button>
      <LanguageSwitcher />
      <button type="button" className="button button--ghost" onClick={() => window.close()}>
        {t('support.closeWindow')}
      </button>
    </div>
  );
}

export function SupportCentre({ tab, onTab }: { tab: SupportTab; onTab(tab: SupportTab): void }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<RideReport | null>(null);
  const contact = () => {
    setReport(null);
    onTab('contact');
  };
  const reportRide = (about: RideReport) => {
    setReport(about);
    onTab('contact');
  };
  return (
    <div className="page support-page">
      <OpenerBar />
      <header className="support-page__header">
        <h1>{t('support.title')}</h1>
        <p className="section__subtitle">{t('support.subtitle')}</p>
      </header>
      <div className="grid grid--compact support-page__cards">
        <div className="card card--alert">
          <EmergencyNumbers />
        </div>
        <section className="card" aria-labelledby="email-support-title">
          <h2 id="email-support-title">{t('support.emailTitle')}</h2>
          <p>
            {t('support.emailGeneral')}: <a href={`mailto:${supportMailboxes.general}`}>{supportMailboxes.general}</a>
          </p>
          <p>
            {t('support.emailSafety')}: <a href={`mailto:${supportMailboxes.safety}`}>{supportMailboxes.safety}</a>
          </p>
          <p className="fine-print">{t('support.emailReplies')}</p>
        </section>
        <section className="card" aria-labelledby="chat-title">
          <h2 id="chat-title">{t('support.chatTitle')}</h2>
          <p className="fine-print">{t('support.chatHours')}</p>
          <Link to="/support" search={{ tab: 'contact' }} className="button button--secondary">
            {t('support.chatCta')}
          </Link>
        </section>
      </div>
      <Tabs label={t('support.tabs.label')} tabs={supportTabs.map((id) => ({ id, label: t(`support.tabs.${id}`) }))} selected={tab} onSelect={onTab}>
        {tab === 'overview' && <OverviewTab onOpen={onTab} />}
        {tab === 'trips' && <TripsTab onReport={contact} onReportRide={reportRide} />}
        {tab === 'account' && <AccountTab onGetHelp={contact} />}
        {tab === 'faq' && <FaqTab />}
        {tab === 'contact' && <ContactTab report={report} onForgetRide={() => setReport(null)} />}
        {tab === 'resources' && <ResourcesTab onReport={contact} />}
      </Tabs>
    </div>
  );
}
