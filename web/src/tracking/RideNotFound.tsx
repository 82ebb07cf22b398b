import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSections } from '../i18n/setup.js';
import { PageMeta } from '../seo/PageMeta.js';

/** Spec 001 §2/§8: a missing ride, someone else's, or a failed lookup all read the same. */
export function RideNotFound() {
  const { t } = useTranslation();
  const router = useRouter();
  const goBack = () => (window.history.length > 1 ? router.history.back() : router.history.push('/'));
  return (
    <div className="page page--narrow status-page" data-testid="ride-not-found">
      <PageMeta title={t('tracking.notFound.metaTitle')} description={t('tracking.notFound.body')} />
      <h1>{t('tracking.notFound.title')}</h1>
      <p>{t('tracking.notFound.body')}</p>
      <button type="button" className="button button--primary" onClick={goBack}>
        {t('tracking.notFound.goBack')}
      </button>
    </div>
  );
}

/** The same page as a route's not-found answer (a malformed ride id), which arrives before the route's loader has loaded its texts. */
export function RideNotFoundRoute() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadSections('tracking').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? <RideNotFound /> : null;
}
