import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { activeRideOf, myRidesQueryOptions } from '../rides/myRides.js';
import { useCurrentUser } from '../session/currentUser.js';
import { holds } from '../session/roles.js';

/**
 * From any screen, the rider's ride under way is one tap away: a bar under the header linking to
 * its tracking screen (not shown on that screen itself). Riders only; asked again every 30 s.
 */
export function ActiveRideBar() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const rider = holds(user, 'passenger');
  const rides = useQuery({ ...myRidesQueryOptions(), enabled: rider, refetchInterval: 30_000 });
  const path = useRouterState({ select: (state) => state.location.pathname });
  const active = rider && rides.data ? activeRideOf(rides.data.rides) : undefined;
  if (!active || path === `/track/${active.id}`) return null;
  return (
    <div className="active-ride-bar" data-testid="active-ride-bar">
      <Link to="/track/$rideId" params={{ rideId: active.id }} className="active-ride-bar__link">
        {t('nav.activeRide')}
      </Link>
    </div>
  );
}
