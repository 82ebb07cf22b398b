import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../location/useDebouncedValue.js';
import { bookingApi, type QuoteRequest } from './bookingApi.js';
import { FARE_DEBOUNCE_MS, FIRST_REFRESH_MS, nextShownFare, REFRESH_EVERY_MS, type ShownFare } from './fareDisplay.js';

/**
 * The live fare (spec 000 §4.3): the server's quote, asked 800 ms after the trip stops changing,
 * refreshed 8 s after the first estimate and then every 3 minutes; a refresh shows only when the
 * fare moved by more than ZMW 0.5 or the traffic level changed.
 */
export function useFareQuote(request: QuoteRequest | null) {
  const trip = request ? JSON.stringify(request) : null;
  const settled = useDebouncedValue(trip, FARE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['fareQuote', settled],
    queryFn: () => bookingApi.quote(JSON.parse(settled!) as QuoteRequest),
    enabled: settled !== null,
    gcTime: REFRESH_EVERY_MS,
  });
  const [shown, setShown] = useState<ShownFare | null>(null);

  useEffect(() => {
    if (settled && query.data) setShown((was) => nextShownFare(was, settled, query.data));
  }, [settled, query.data]);

  const hasEstimate = query.data !== undefined;
  const { refetch } = query;
  useEffect(() => {
    if (!settled || !hasEstimate) return;
    let every: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      void refetch();
      every = setInterval(() => void refetch(), REFRESH_EVERY_MS);
    }, FIRST_REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [settled, hasEstimate, refetch]);

  const current = shown && shown.trip === trip ? shown.quote : undefined;
  return {
    quote: current,
    /** Waiting for the first figure of this trip (typing, debounce or the call). */
    calculating: trip !== null && current === undefined && !query.isError,
    failed: query.isError && current === undefined,
    refreshing: query.isFetching && current !== undefined,
    refresh: () => void refetch(),
  };
}
