import { createFileRoute } from '@tanstack/react-router';
import { RidesPage } from '../../admin/rides/RidesPage.js';
import { validateRidesSearch } from './-ridesSearch.js';

/** /admin/rides: the live list; its filters live in the URL. */
export const Route = createFileRoute('/admin/rides/')({
  validateSearch: validateRidesSearch,
  component: RidesRoute,
});

function RidesRoute() {
  const navigate = Route.useNavigate();
  return <RidesPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
}
