import { createFileRoute } from '@tanstack/react-router';
import { loadSections } from '../i18n/setup.js';
import { PublicTripPage } from '../safety/PublicTripPage.js';

export const Route = createFileRoute('/share/$token')({
  loader: () => loadSections('safety'),
  component: PublicTripRoute,
});

/** /share/$token: the public share page (no sign-in; the server decides what the link shows). */
function PublicTripRoute() {
  const { token } = Route.useParams();
  return <PublicTripPage token={token} />;
}
