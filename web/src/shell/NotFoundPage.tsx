import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../seo/PageMeta.js';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow status-page">
      <PageMeta title={t('meta.notFoundTitle')} description={t('meta.notFoundDescription')} />
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to="/" className="button button--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
