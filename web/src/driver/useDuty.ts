import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { postJson, requestJson, serverMessageOr } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import { useToast } from '../toast/Toaster.js';
import { currentPosition } from '../tracking/currentPosition.js';
import type { DutyStatus } from '../../../contract/drivers.js';
import type { DriverProfile } from './driverApi.js';

/** How often an online driver reports where they are (spec 001 §4: every few seconds; ~10 s here). */
export const LOCATION_EVERY_MS = 10_000;

/**
 * Going online or offline (PATCH /api/drivers/:id/status, with the browser's position when it
 * has one) and, while online, reporting the position every ~10 s so riders see the car move
 * and dispatch knows who is near.
 */
export function useDuty(profile: DriverProfile, userId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: async (isOnline: boolean) => {
      const location = isOnline ? await currentPosition() : null;
      return requestJson<DutyStatus>('PATCH', `/api/drivers/${encodeURIComponent(profile.driverId)}/status`, location ? { isOnline, location } : { isOnline });
    },
    onSuccess: ({ isOnline }) => {
      queryClient.setQueryData(liveQueryKeys.driverProfile(userId), (was: DriverProfile | null | undefined) => (was ? { ...was, isOnline } : was));
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.pendingRides() });
      toast({ title: t(isOnline ? 'driver.duty.nowOnline' : 'driver.duty.nowOffline') });
    },
    onError: (error) => toast({ title: t('driver.duty.failed'), description: serverMessageOr(error, t('driver.tryAgain')), variant: 'destructive' }),
  });

  useEffect(() => {
    if (!profile.isOnline) return;
    let stopped = false;
    const report = async () => {
      const position = await currentPosition();
      if (!position || stopped) return;
      await postJson(`/api/drivers/${encodeURIComponent(profile.driverId)}/location`, position).catch((error: unknown) => {
        console.warn('Could not report the position', error);
      });
    };
    // Going online sent the position already; the next one follows after the interval.
    const timer = setInterval(() => void report(), LOCATION_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [profile.isOnline, profile.driverId]);

  return toggle;
}
