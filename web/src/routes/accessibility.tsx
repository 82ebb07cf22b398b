import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccessibilitySettingsPage } from '../accessibility/AccessibilitySettingsPage.js';
import { PageMeta } from '../seo/PageMeta.js';

export const Route = createFileRoute('/accessibility')({
  component: AccessibilityRoute,
});

function AccessibilityRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('meta.accessibilityTitle')} description={t('meta.accessibilityDescription')} />
      <AccessibilitySettingsPage />
    </>
  );
}
