import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../admin/shell/AdminLayout.js';

/**
 * /admin and its screens: the portal's frame. Its strings (the `admin` namespace) load before it
 * renders; the code itself is split from the public app's first page.
 */
export const Route = createFileRoute('/admin')({
  loader: () => import('../admin/i18n/adminNamespace.js').then((module) => module.loadAdminNamespace()),
  component: AdminLayout,
});
