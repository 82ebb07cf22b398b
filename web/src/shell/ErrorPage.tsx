import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../offline/OfflineBanner.js';

/**
 * What a screen shows when it fails to render or load (spec 001 §8: the generic failure). With
 * no connection the failure is most likely a screen this phone has never opened (its code is not
 * kept yet): it says so, points to what works offline, and opens the screen again by itself as
 * soon as the connection returns.
 */
export function ErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const [failedOffline, setFailedOffline] = useState(!online);
  useEffect(() => console.error('Screen failed', error), [error]);
  useEffect(() => {
    if (!online) setFailedOffline(true);
    else if (failedOffline) window.location.reload();
  }, [online, failedOffline]);

  if (failedOffline) {
    return (
      <div className="page page--narrow status-page" role="alert">
        <title>{t('errorPage.offlineTitle')}</title>
        <h1>{t('errorPage.offlineTitle')}</h1>
        <p>{t('errorPage.offlineBody')}</p>
        <a className="button button--primary" href="/">
          {t('notFound.home')}
        </a>
      </div>
    );
  }
  return (
    <div className="page page--narrow status-page" role="alert">
      <title>{t('errorPage.title')}</title>
      <h1>{t('errorPage.title')}</h1>
      <p>{t('errorPage.body')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('errorPage.refresh')}
      </button>
    </div>
  );
}
