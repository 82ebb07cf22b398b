import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The /#business anchor of the top navigation. */
export function BusinessSection() {
  const { t } = useTranslation();
  return (
    <section id="business" className="section section--tinted" aria-labelledby="business-title">
      <h2 id="business-title">{t('home.business.title')}</h2>
      <p>{t('home.business.body')}</p>
      <Link to="/support" search={{ tab: 'contact' }} className="button button--secondary">
        {t('home.business.cta')}
      </Link>
    </section>
  );
}
