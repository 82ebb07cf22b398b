import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/money.js';
import { PathLink } from '../shell/PathLink.js';

/**
 * Average weekly earnings that driver partners report (spec 001 §2, §9): marketing copy,
 * labelled as averages, not figures computed from rides.
 */
const averageWeeklyEarnings = [
  { label: 'home.drivers.car', ngwee: 85_000 },
  { label: 'home.drivers.bike', ngwee: 55_000 },
  { label: 'home.drivers.truck', ngwee: 120_000 },
] as const;

export function DriverPartners() {
  const { t } = useTranslation();
  return (
    <section className="section section--tinted secondary-section" aria-labelledby="drivers-title">
      <h2 id="drivers-title">{t('home.drivers.title')}</h2>
      <p className="section__subtitle">{t('home.drivers.subtitle')}</p>
      <p>{t('home.drivers.body')}</p>
      <h3>{t('home.drivers.earningsTitle')}</h3>
      <dl className="figures">
        {averageWeeklyEarnings.map((row) => (
          <div key={row.label} className="figures__item">
            <dt>{t(row.label)}</dt>
            <dd>{formatZmw(row.ngwee)}</dd>
          </div>
        ))}
      </dl>
      <p className="fine-print">{t('home.drivers.earningsNote')}</p>
      <PathLink href="/driver" className="button button--primary">
        {t('home.drivers.cta')}
      </PathLink>
    </section>
  );
}
