import { createFileRoute } from '@tanstack/react-router';
import { AuditTrailPage } from '../../admin/replay/AuditTrailPage.js';
import { loadSections } from '../../i18n/setup.js';
import { RideNotFoundRoute } from '../../tracking/RideNotFound.js';
import { rideIdParams } from '../-rideParams.js';

/**
 * /admin/rides/$rideId: a ride's audit trail, replayed through the shared ride machine. The loader
 * imports what it needs on demand, keeping the insights code out of the public app's first page.
 */
export const Route = createFileRoute('/admin/rides/$rideId')({
  params: rideIdParams,
  notFoundComponent: RideNotFoundRoute,
  loader: async ({ context, params }) => {
    const [{ auditTrailQueryOptions }, { loadInsightsNamespace }] = await Promise.all([
      import('../../admin/replay/auditTrail.js'),
      import('../../admin/insights/i18n/insightsNamespace.js'),
    ]);
    void context.queryClient.prefetchQuery(auditTrailQueryOptions(params.rideId));
    // The rider's banner and trip steps are drawn with the tracking screen's own strings.
    await Promise.all([loadInsightsNamespace(), loadSections('tracking')]);
  },
  component: AuditTrailRoute,
});

function AuditTrailRoute() {
  const { rideId } = Route.useParams();
  return <AuditTrailPage rideId={rideId} />;
}
