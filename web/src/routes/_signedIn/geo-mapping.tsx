import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { GeoMappingPage } from '../../geoMapping/GeoMappingPage.js';
import { PageMeta } from '../../seo/PageMeta.js';

/** /geo-mapping: every signed-in rider, driver, staff member and admin maps routes (the server enforces it). */
export const Route = createFileRoute('/_signedIn/geo-mapping')({
  staticData: { signIn: { allow: ['passenger', 'driver', 'staff', 'admin'], hint: 'geo.signInHint' } },
  component: GeoMappingRoute,
});

function GeoMappingRoute() {
  const { t } = useTranslation();
  return (
    <div className="page geo-mapping-page">
      <PageMeta title={t('geo.metaTitle')} description={t('geo.metaDescription')} />
      <h1>{t('geo.title')}</h1>
      <GeoMappingPage />
    </div>
  );
}
