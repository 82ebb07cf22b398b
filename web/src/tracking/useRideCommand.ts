import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postJson, serverMessageOr } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import { useToast } from '../toast/Toaster.js';
import type { Ride } from './rideApi.js';

export type RideCommandPath = 'cancel' | 'rate' | 'emergency' | 'arrive' | 'start' | 'complete' | 'reissue-pin';

/**
 * POST /api/rides/:rideId/<command>. The answer is the ride as it now is: it goes straight into
 * the cache, and the ride's events are refetched so the machine's fold catches up at once
 * (the ws update that follows refetches again; nothing waits for it).
 */
export function useRideCommand<Body = unknown>(rideId: string, command: RideCommandPath, failureTitle: string, onDone?: (ride: Ride) => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => postJson<Ride>(`/api/rides/${encodeURIComponent(rideId)}/${command}`, body),
    onSuccess: (ride) => {
      queryClient.setQueryData(liveQueryKeys.ride(rideId), ride);
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.rideEvents(rideId) });
      onDone?.(ride);
    },
    onError: (error) => toast({ title: failureTitle, description: serverMessageOr(error, t('tracking.tryAgain')), variant: 'destructive' }),
  });
}
