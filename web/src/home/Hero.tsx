import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { activeCities } from '../../../domain/catalogue/index.js';
import { QuickBookingCard } from './QuickBookingCard.js';

export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <h1 id="hero-title">{t('home.hero.title')}</h1>
        <p className="hero__subtitle">{t('home.hero.subtitle')}</p>
        <ul className="hero__badges">
          <li className="badge">{t('home.hero.badgeTowns', { total: activeCities().length })}</li>
          <li className="badge">{t('home.hero.badge247')}</li>
          <li className="badge">{t('home.hero.badgeSafe')}</li>
        </ul>
        <div className="hero__actions">
          <Link to="/book" className="button button--primary button--large">
            {t('home.hero.bookNow')}
          </Link>
          <Link to="/" hash="pricing" className="button button--secondary button--large">
            {t('home.hero.learnMore')}
          </Link>
        </div>
      </div>
      <QuickBookingCard />
    </section>
  );
}
