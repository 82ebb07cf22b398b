import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postJson, serverMessageOr } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import { useToast } from '../toast/Toaster.js';
import type { Ride, RidePin } from './rideApi.js';

/**
 * The rider's PIN (spec 001 §2 safety toolkit): four digits to read out to the driver, who
 * cannot start the trip without them. After five wrong tries the start locks until the rider
 * asks for a new PIN. Only the rider's answer carries it; nobody else sees this card.
 */
export function PinCard({ ride, pin, locked }: { ride: Ride; pin: RidePin; locked: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const reissue = useMutation({
    mutationFn: () => postJson<Ride>(`/api/rides/${encodeURIComponent(ride.id)}/reissue-pin`),
    onSuccess: (answer) => {
      queryClient.setQueryData(liveQueryKeys.ride(ride.id), answer);
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.ride(ride.id) });
      toast({ title: t('tracking.pin.reissued') });
    },
    onError: (error) => toast({ title: t('tracking.pin.reissueFailed'), description: serverMessageOr(error, t('tracking.tryAgain')), variant: 'destructive' }),
  });
  const isLocked = locked || pin.status === 'locked';
  const shown = pin.status === 'issued' && pin.code && !isLocked;
  if (pin.status === 'used' || pin.status === 'void') return null;
  return (
    <section className={`card pin-card${isLocked ? ' card--alert' : ''}`} aria-labelledby="pin-card-title" data-testid="pin-card">
      <h2 id="pin-card-title">{t('tracking.pin.title')}</h2>
      {pin.status === 'awaiting_driver' && <p>{t('tracking.pin.awaitingDriver')}</p>}
      {shown && (
        <>
          <p className="pin-card__code" data-testid="pin-code">
            {/* Read out digit by digit; the big boxed digits are for the eye (an aria-label on a <p> is not announced). */}
            <span className="visually-hidden">{t('tracking.pin.codeLabel', { digits: pin.code!.split('').join(' ') })}</span>
            {pin.code!.split('').map((digit, index) => (
              <span key={index} className="pin-card__digit" aria-hidden="true">
                {digit}
              </span>
            ))}
          </p>
          <p className="fine-print">{t('tracking.pin.hint')}</p>
        </>
      )}
      {isLocked && (
        <p role="alert" data-testid="pin-locked">
          {t('tracking.pin.locked')}
        </p>
      )}
      {(shown || isLocked) && (
        <button type="button" className={`button ${isLocked ? 'button--primary' : 'button--secondary'}`} disabled={reissue.isPending} onClick={() => reissue.mutate()}>
          {reissue.isPending ? t('tracking.pin.reissuing') : t('tracking.pin.reissue')}
        </button>
      )}
    </section>
  );
}
