import { useTranslation } from 'react-i18next';
import { TriangleAlert } from '../../shell/icons.js';
import { formatZmw } from '../../../../domain/fare/money.js';
import { bannerTextKey } from '../../tracking/StatusBanner.js';
import { TripProgress } from '../../tracking/TripProgress.js';
import { useInsightsTranslation } from '../insights/i18n/insightsNamespace.js';
import type { ReplayFare, ReplayStep } from './replayModel.js';

/**
 * The ride after the chosen step: the shared machine's state, what the rider's tracking screen
 * showed then (its banner and its four steps, drawn by the tracking screen's own pieces) and the
 * fare. Its summary line is a polite live region, so stepping is heard as well as seen.
 */
export function ReplayStatePanel({ step }: { step: ReplayStep }) {
  const { t } = useInsightsTranslation();
  const { t: tApp } = useTranslation();
  const { view } = step;
  const pinText = { none: t('replay.state.pinNone'), issued: t('replay.state.pinIssued'), locked: t('replay.state.pinLocked') }[step.pin];
  return (
    <section className="card replay-state" aria-labelledby="replay-state-title" data-testid="replay-state">
      <h2 id="replay-state-title">{t('replay.state.title')}</h2>
      <p role="status" aria-live="polite" className="replay-state__summary">
        <span className="replay-state__label">{t('replay.state.machine')}:</span> <code data-testid="replay-machine-state">{step.machineState}</code>
        {view && (
          <>
            {' · '}
            <span className="replay-state__label">{t('replay.state.status')}:</span> <code data-testid="replay-status">{view.status}</code>
          </>
        )}
      </p>
      {step.event && (
        <p className="fine-print">
          {t('replay.state.lastEvent')}: <code>{step.event.type}</code>
        </p>
      )}
      {view ? (
        <>
          <h3>{t('replay.state.riderSaw')}</h3>
          <p
            className={`status-banner${view.progress === null ? ' status-banner--ended' : view.status === 'completed' ? ' status-banner--done' : ''}`}
            data-testid="replay-banner"
          >
            {tApp(bannerTextKey(view.bannerKey) as 'tracking.banner.lookingForDriver', { minutes: step.bannerMinutes })}
          </p>
          <TripProgress progress={view.progress} />
          <dl className="replay-state__facts">
            <div>
              <dt>{t('replay.state.pin')}</dt>
              <dd data-testid="replay-pin">{pinText}</dd>
            </div>
            {view.emergencyActive && (
              <div className="replay-state__emergency">
                <dt>{t('replay.state.emergency')}</dt>
                <dd>
                  <TriangleAlert />
                </dd>
              </div>
            )}
          </dl>
          <ReplayFareLines fare={step.fare} />
        </>
      ) : (
        <p>{t('replay.state.noRide')}</p>
      )}
    </section>
  );
}

function ReplayFareLines({ fare }: { fare: ReplayFare }) {
  const { t } = useInsightsTranslation();
  const amount = (ngwee: number | null) => (ngwee === null ? t('replay.fare.notYet') : formatZmw(ngwee));
  return (
    <>
      <h3>{t('replay.fare.title')}</h3>
      <dl className="replay-state__facts" data-testid="replay-fare">
        <div>
          <dt>{t('replay.fare.pricing')}</dt>
          <dd>{fare.pricingMethod === 'bidding' ? t('replay.fare.bidding') : t('replay.fare.fixed')}</dd>
        </div>
        <div>
          <dt>{t('replay.fare.quote')}</dt>
          <dd>{amount(fare.quoteNgwee)}</dd>
        </div>
        {fare.pricingMethod === 'bidding' && (
          <div>
            <dt>{t('replay.fare.offer')}</dt>
            <dd>{amount(fare.offeredNgwee)}</dd>
          </div>
        )}
        <div>
          <dt>{t('replay.fare.agreed')}</dt>
          <dd>{amount(fare.agreedNgwee)}</dd>
        </div>
        <div>
          <dt>{t('replay.fare.final')}</dt>
          <dd data-testid="replay-final-fare">{amount(fare.finalNgwee)}</dd>
        </div>
      </dl>
    </>
  );
}
