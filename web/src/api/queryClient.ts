import { QueryClient } from '@tanstack/react-query';
import { fetchQueryKey } from './http.js';

/**
 * Server state lives here (spec 000 §7): data never goes stale by itself and is not refetched
 * on window focus or on a timer; it changes when a mutation or a live update says so. Nothing
 * is retried: a failure is shown at once rather than after three silent attempts on a slow line.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchQueryKey,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
