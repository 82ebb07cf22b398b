import { useTranslation } from 'react-i18next';
import { cities } from '../../../domain/catalogue/index.js';
import type { SupportTab } from './supportTabs.js';

const shortcuts = [
  { tab: 'trips', title: 'support.overview.tripIssues', hint: 'support.overview.tripIssuesHint' },
  { tab: 'account', title: 'support.overview.accountHelp', hint: 'support.overview.accountHelpHint' },
  { tab: 'resources', title: 'support.overview.lostItems', hint: 'support.overview.lostItemsHint' },
  { tab: 'contact', title: 'support.overview.contactSupport', hint: 'support.overview.contactSupportHint' },
] as const;

const topics = ['topicFare', 'topicBidding', 'topicPin', 'topicPayment', 'topicDriver'] as const;
const commitments = ['commitmentEmergency', 'commitmentEmail', 'commitmentForm', 'commitmentChat'] as const;

export function OverviewTab({ onOpen }: { onOpen(tab: SupportTab): void }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <div className="grid grid--compact">
        {shortcuts.map((shortcut) => (
          <button key={shortcut.tab} type="button" className="card shortcut" onClick={() => onOpen(shortcut.tab)}>
            <span className="shortcut__title">{t(shortcut.title)}</span>
            <span className="shortcut__hint">{t(shortcut.hint)}</span>
          </button>
        ))}
      </div>
      <section aria-labelledby="popular-topics-title">
        <h3 id="popular-topics-title">{t('support.overview.popularTitle')}</h3>
        <ul className="plain-list">
          {topics.map((topic) => (
            <li key={topic}>
              <button type="button" className="link-button" onClick={() => onOpen('faq')}>
                {t(`support.overview.${topic}`)}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="service-areas-title">
        <h3 id="service-areas-title">{t('support.overview.areasTitle')}</h3>
        <ul className="chip-list">
          {cities.map((city) => (
            <li key={city.id} className="badge badge--muted">
              {city.name}
            </li>
          ))}
        </ul>
        <p>{t('support.overview.coverage')}</p>
      </section>
      <section aria-labelledby="commitments-title" className="card card--highlight secondary-section">
        <h3 id="commitments-title">{t('support.overview.commitmentsTitle')}</h3>
        <ul className="plain-list">
          {commitments.map((commitment) => (
            <li key={commitment}>{t(`support.overview.${commitment}`)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
