import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { HttpError } from '../../api/http.js';
import { PageMeta } from '../../seo/PageMeta.js';
import { PathLink } from '../../shell/PathLink.js';
import { useInsightsTranslation } from '../insights/i18n/insightsNamespace.js';
import '../../tracking/tracking.css';
import './replay.css';
import { auditTrailQueryOptions } from './auditTrail.js';
import { ReplayControls } from './ReplayControls.js';
import { replaySteps } from './replayModel.js';
import { ReplayStatePanel } from './ReplayStatePanel.js';
import { TrailEventList } from './TrailEventList.js';
import { useReplayPlayer } from './useReplayPlayer.js';
import { trailRoute } from './trailRoute.js';
import { RouteMap } from '../../map/RouteMap.js';
import { RouteBasis } from '../../map/RouteBasis.js';

/**
 * A ride's audit trail (issue 6): its events, its bids' and its driver search's, and a replay
 * that folds them through the shared ride machine in the browser, step by step.
 */
export function AuditTrailPage({ rideId }: { rideId: string }) {
  const { t } = useInsightsTranslation();
  const trail = useQuery(auditTrailQueryOptions(rideId));
  const steps = useMemo(() => (trail.data ? replaySteps(trail.data) : []), [trail.data]);
  const player = useReplayPlayer(steps.length);
  const current = steps[player.index];
  const booked = useMemo(() => (trail.data ? trailRoute(trail.data) : null), [trail.data]);

  return (
    <div className="page replay-page" data-testid="audit-trail">
      <PageMeta title={t('replay.metaTitle')} description={t('replay.intro')} />
      <PathLink href="/admin/rides" className="replay-page__back">
        ← {t('replay.backToRides')}
      </PathLink>
      <h1>{t('replay.title')}</h1>
      <p className="fine-print">
        {t('replay.ride', { rideId })}
      </p>
      <p>{t('replay.intro')}</p>
      {trail.isPending && <p role="status">{t('replay.loading')}</p>}
      {trail.isError && (
        <div role="alert" className="notice">
          <p>{trail.error instanceof HttpError && trail.error.status === 404 ? t('replay.notFound') : t('replay.failed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void trail.refetch()}>
            {t('replay.retry')}
          </button>
        </div>
      )}
      {booked && (
        <section className="replay-page__route" aria-labelledby="replay-route-title" data-testid="replay-route">
          <h2 id="replay-route-title">{t('replay.route.title')}</h2>
          <RouteMap
            label={t('replay.route.map')}
            pickup={booked.pickup}
            dropoff={booked.dropoff}
            route={booked.route?.geometry ?? [booked.pickup, booked.dropoff]}
            routeIsStraight={!booked.route || booked.route.source === 'great_circle'}
            routeAttribution={booked.route?.attribution}
          />
          {booked.route ? <RouteBasis route={booked.route} /> : <p className="fine-print">{t('replay.route.notKept')}</p>}
        </section>
      )}
      {current && (
        <div className="replay-page__layout">
          <div className="replay-page__side">
            <ReplayControls player={player} steps={steps} />
            <ReplayStatePanel step={current} />
          </div>
          <TrailEventList steps={steps} current={player.index} onSelect={player.goTo} />
        </div>
      )}
    </div>
  );
}
