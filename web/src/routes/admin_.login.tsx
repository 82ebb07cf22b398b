import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginPage } from '../admin/login/AdminLoginPage.js';
import { loadSections } from '../i18n/setup.js';

/** /admin/login: outside the portal's frame (nobody is verified yet). The code step is the app's own, with its sign-in texts. */
export const Route = createFileRoute('/admin_/login')({
  loader: () => Promise.all([import('../admin/i18n/adminNamespace.js').then((module) => module.loadAdminNamespace()), loadSections('auth')]),
  component: AdminLoginPage,
});
