import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../auth/AuthPage.js';
import { validateAuthSearch } from '../auth/authSearch.js';

export const Route = createFileRoute('/auth')({
  validateSearch: validateAuthSearch,
  component: AuthRoute,
});

function AuthRoute() {
  return <AuthPage search={Route.useSearch()} />;
}
