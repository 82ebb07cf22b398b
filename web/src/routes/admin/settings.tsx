import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../admin/settings/SettingsPage.js';

/** /admin/settings: surge, weather and the platform's windows. */
export const Route = createFileRoute('/admin/settings')({
  component: SettingsPage,
});
