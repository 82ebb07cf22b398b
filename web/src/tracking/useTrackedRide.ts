import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLiveUpdates } from '../live/useLiveUpdates.js';
import type { LiveMessage } from '../live/liveMessages.js';
import { partyOn, rideEventsQueryOptions, rideQueryOptions, type Ride, type RideParty } from './rideApi.js';
import { foldRideEvents, rideView, type RideView } from './rideFold.js';

/** Spec 001 §9: the tracking screen polls every 5 s — here only while the live socket is down. */
export const FALLBACK_POLL_MS = 5_000;

/** How soon a ride read that lags behind its events is read again. */
const CATCH_UP_MS = 400;

export interface TrackedRide {
  ride: Ride | undefined;
  view: RideView | null;
  party: RideParty | null;
  /** The ride is missing, someone else's, or could not be read. */
  notFound: boolean;
  isPending: boolean;
  live: boolean;
}

interface Viewer {
  id: string;
  userType: string;
}

/**
 * A ride and its events over HTTP, the events folded through the shared ride machine. Kept
 * current by whoever holds the live socket (its `ride_update`s invalidate both queries); polled
 * every 5 s while `live` is false — and while the PIN is locked for a driver, whom the rider's
 * reissue is not announced to.
 */
export function useRideWithEvents(rideId: string | null, user: Viewer, live: boolean, options: { knownToBeOurs?: boolean } = {}): TrackedRide {
  const eventsKey = rideEventsQueryOptions(rideId ?? '').queryKey;
  const queryClient = useQueryClient();
  const rideQuery = useQuery({
    ...rideQueryOptions(rideId ?? ''),
    enabled: rideId !== null,
    // A ride we know is ours (the driver's profile names it) may not be in the ride read model
    // yet — a 404 there means "not yet", so it is asked again a few times.
    retry: options.knownToBeOurs ? 8 : false,
    retryDelay: 750,
    // The read behind GET /api/rides/:id may lag a moment behind the stream the events come
    // from: while the two disagree on the status, the ride is read again soon.
    refetchInterval: (query) => {
      const events = queryClient.getQueryData(eventsKey);
      const folded = events ? rideView(foldRideEvents(events), null)?.status : undefined;
      if (folded && query.state.data && folded !== query.state.data.status) return CATCH_UP_MS;
      return live ? false : FALLBACK_POLL_MS;
    },
  });
  const ride = rideQuery.data;
  const party = ride ? partyOn(ride, user) : null;
  const eventsQuery = useQuery({
    ...rideEventsQueryOptions(rideId ?? ''),
    enabled: rideId !== null && rideQuery.isSuccess,
    refetchInterval: (query) => {
      const lockedForDriver = party === 'driver' && query.state.data !== undefined && rideView(foldRideEvents(query.state.data), party)?.pinLocked;
      return live && !lockedForDriver ? false : FALLBACK_POLL_MS;
    },
  });
  const view = useMemo(() => (eventsQuery.data ? rideView(foldRideEvents(eventsQuery.data), party) : null), [eventsQuery.data, party]);
  return {
    ride,
    view,
    party,
    notFound: rideQuery.isError,
    isPending: rideQuery.isPending || (rideQuery.isSuccess && eventsQuery.isPending),
    live,
  };
}

/** The tracking screen's ride: its own live socket (joined to the ride) plus useRideWithEvents. */
export function useTrackedRide(rideId: string, user: Viewer, onMessage?: (message: LiveMessage) => void): TrackedRide {
  const { connected } = useLiveUpdates({ userId: user.id, rideId, onMessage });
  return useRideWithEvents(rideId, user, connected);
}
