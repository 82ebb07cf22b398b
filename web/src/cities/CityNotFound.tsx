import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { activeCities } from '../../../domain/catalogue/index.js';
import { PageMeta } from '../seo/PageMeta.js';

export function CityNotFound() {
  const { t } = useTranslation();
  const { city: slug = '' } = useParams({ strict: false });
  return (
    <div className="page page--narrow status-page">
      <PageMeta title={t('meta.notFoundTitle')} description={t('meta.notFoundDescription')} />
      <h1>{t('cities.notFound')}</h1>
      <p>{t('cities.notFoundBody', { slug })}</p>
      <ul className="chip-list">
        {activeCities().map((city) => (
          <li key={city.id}>
            <Link to="/$city" params={{ city: city.id }} className="badge">
              {city.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
