import { Handshake, Tag, UserCheck } from '../shell/icons.js';
import { useTranslation } from 'react-i18next';

const ways = [
  { Icon: Tag, title: 'home.pricing.fixedTitle', body: 'home.pricing.fixedBody' },
  { Icon: Handshake, title: 'home.pricing.biddingTitle', body: 'home.pricing.biddingBody' },
  { Icon: UserCheck, title: 'home.pricing.choiceTitle', body: 'home.pricing.choiceBody' },
] as const;

export function FairPricing() {
  const { t } = useTranslation();
  return (
    <section id="pricing" className="section" aria-labelledby="pricing-title">
      <h2 id="pricing-title">{t('home.pricing.title')}</h2>
      <p className="section__subtitle">{t('home.pricing.subtitle')}</p>
      <ul className="grid grid--cards">
        {ways.map((way) => (
          <li key={way.title} className="card">
            <span className="card__icon decorative" aria-hidden="true">
              <way.Icon size={28} strokeWidth={1.75} />
            </span>
            <h3>{t(way.title)}</h3>
            <p>{t(way.body)}</p>
          </li>
        ))}
      </ul>
      <p className="promise">{t('home.pricing.promise')}</p>
    </section>
  );
}
