import { createFileRoute } from '@tanstack/react-router';
import { DriversPage } from '../../admin/drivers/DriversPage.js';
import { loadSections } from '../../i18n/setup.js';

/** /admin/drivers: applications and the decisions on them (the documents' names are the driver section's). */
export const Route = createFileRoute('/admin/drivers')({
  loader: () => loadSections('driver'),
  component: DriversPage,
});
