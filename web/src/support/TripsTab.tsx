import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { myRidesQueryOptions, rideGroup } from '../rides/myRides.js';
import { rideDate } from '../rides/rideDate.js';
import type { RideReport } from './rideReport.js';
import { useCurrentUser } from '../session/currentUser.js';
import { holds } from '../session/roles.js';
import { PathLink } from '../shell/PathLink.js';

const issues = ['late', 'vehicle', 'fare', 'route', 'behaviour', 'safety'] as const;

/** A signed-in rider's own trips, each to report an issue or a lost item about; then common trip problems. */
export function TripsTab({ onReport, onReportRide }: { onReport(): void; onReportRide(report: RideReport): void }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <div className="stack">
      {holds(user, 'passenger') && <YourTrips onReportRide={onReportRide} />}
      {!user && (
        <div className="notice">
          <p>{t('support.trips.signIn')}</p>
          <PathLink href="/auth" className="button button--primary">
            {t('nav.signIn')}
          </PathLink>
        </div>
      )}
      <section aria-labelledby="trip-issues-title">
        <h3 id="trip-issues-title">{t('support.trips.issuesTitle')}</h3>
        <ul className="grid grid--compact">
          {issues.map((issue) => (
            <li key={issue} className="card">
              <h4>{t(`support.trips.${issue}Title`)}</h4>
              <p>{t(`support.trips.${issue}Body`)}</p>
              <button type="button" className="link-button" onClick={onReport}>
                {t('support.trips.report')}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The rider's latest trips (the same list as "My rides"), each with its two reports. */
function YourTrips({ onReportRide }: { onReportRide(report: RideReport): void }) {
  const { t, i18n } = useTranslation();
  const rides = useQuery(myRidesQueryOptions());
  const trips = (rides.data?.rides ?? []).filter((ride) => rideGroup(ride) !== 'scheduled').slice(0, 10);
  return (
    <section aria-labelledby="your-trips-title">
      <h3 id="your-trips-title">{t('support.trips.yourTrips')}</h3>
      {rides.isSuccess && trips.length === 0 && <p className="fine-print">{t('support.trips.noTrips')}</p>}
      <ul className="stack your-trips" data-testid="your-trips">
        {trips.map((ride) => {
          const about = { rideId: ride.id, route: `${ride.pickupLocation.address} → ${ride.dropoffLocation.address}`, date: rideDate(ride.createdAt, i18n.language) };
          return (
            <li key={ride.id} className="card" data-testid={`your-trip-${ride.id}`}>
              <p>
                <strong>{about.route}</strong>
              </p>
              <p className="fine-print">{about.date}</p>
              <div className="button-row">
                <button type="button" className="button button--secondary" onClick={() => onReportRide({ ...about, kind: 'issue' })}>
                  {t('support.trips.reportIssue')}
                </button>
                <button type="button" className="button button--ghost" onClick={() => onReportRide({ ...about, kind: 'lostItem' })}>
                  {t('support.trips.lostItem')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
