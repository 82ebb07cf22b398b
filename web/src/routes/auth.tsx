import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../auth/AuthPage.js';
import { validateAuthSearch } from '../auth/authSearch.js';
import { loadSections } from '../i18n/setup.js';

export const Route = createFileRoute('/auth')({
  validateSearch: validateAuthSearch,
  loader: () => loadSections('auth'),
  component: AuthRoute,
});

function AuthRoute() {
  return <AuthPage search={Route.useSearch()} />;
}
