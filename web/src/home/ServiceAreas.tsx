import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { activeCities, cities } from '../../../domain/catalogue/index.js';
import { useIsPrivileged } from '../session/currentUser.js';

/** Active towns for everyone; the coming-soon list for admin and staff only (spec 000 §2.4). */
export function ServiceAreas() {
  const { t } = useTranslation();
  const privileged = useIsPrivileged();
  const comingSoon = cities.filter((city) => city.status === 'coming_soon');
  return (
    <section className="section" aria-labelledby="areas-title">
      <h2 id="areas-title">{t('home.areas.title')}</h2>
      <p className="section__subtitle">{t('home.areas.subtitle')}</p>
      <ul className="grid grid--cards">
        {activeCities().map((city) => (
          <li key={city.id} className="card">
            <h3>{city.name}</h3>
            <p>{t(`catalogue.cityDescriptions.${city.id}`)}</p>
            <Link to="/$city" params={{ city: city.id }}>
              {t('home.areas.visit', { city: city.name })} <span aria-hidden="true">→</span>
            </Link>
          </li>
        ))}
      </ul>
      {privileged && (
        <div className="section__aside" data-testid="coming-soon-cities">
          <h3>{t('home.areas.comingSoonTitle')}</h3>
          <ul className="chip-list">
            {comingSoon.map((city) => (
              <li key={city.id} className="badge badge--muted">
                {city.name} · {t('home.areas.comingSoon')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
