import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** What a screen shows when it fails to render or load (spec 001 §8: the generic failure). */
export function ErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  useEffect(() => console.error('Screen failed', error), [error]);
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
