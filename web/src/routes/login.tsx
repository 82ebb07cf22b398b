import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../auth/AuthPage.js';
import { validateAuthSearch } from '../auth/authSearch.js';
import { loadSections } from '../i18n/setup.js';

/** The same page as /auth (spec 001: "/auth and /login"); providers send failures here. */
export const Route = createFileRoute('/login')({
  validateSearch: validateAuthSearch,
  loader: () => loadSections('auth'),
  component: LoginRoute,
});

function LoginRoute() {
  return <AuthPage search={Route.useSearch()} />;
}
