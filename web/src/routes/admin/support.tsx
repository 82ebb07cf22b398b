import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../../admin/support/SupportPage.js';
import { validateSupportSearch } from './-supportSearch.js';

/** /admin/support: the support centre's messages (spec 001: the dashboard links it); its filters live in the URL. */
export const Route = createFileRoute('/admin/support')({
  validateSearch: validateSupportSearch,
  component: SupportRoute,
});

function SupportRoute() {
  const navigate = Route.useNavigate();
  return <SupportPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
}
