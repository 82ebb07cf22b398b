import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/money.js';
import { postJson } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import { RidePaymentPanel } from '../payments/RidePaymentPanel.js';
import { PathLink } from '../shell/PathLink.js';
import { RateRide } from '../tracking/RateRide.js';
import type { Ride } from '../tracking/rideApi.js';
import { EmergencyPanel } from '../tracking/EmergencyPanel.js';
import { StatusBanner } from '../tracking/StatusBanner.js';
import { TripProgress } from '../tracking/TripProgress.js';
import { useRideCommand } from '../tracking/useRideCommand.js';
import { useRideWithEvents } from '../tracking/useTrackedRide.js';
import { DriverMap } from './DriverMap.js';
import { pinRefusal, type PinRefusal } from './pinAttempt.js';

// Messages with the rider: their own chunk, after the ride.
const RideSafety = lazy(() => import('../safety/RideSafety.js'));

/**
 * The driver's ride in hand: arrived, start with the PIN the rider reads out, complete, then
 * rate the rider. Which control shows is the ride machine's state, folded from the ride's
 * events (never with a PIN: the driver's reads leave it out).
 */
export function ActiveRide({ rideId, user, live, onDone }: { rideId: string; user: { id: string; userType: string }; live: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const { ride, view, isPending, notFound } = useRideWithEvents(rideId, user, live, { knownToBeOurs: true });
  const arrive = useRideCommand(rideId, 'arrive', t('driver.active.failed'));
  const complete = useRideCommand(rideId, 'complete', t('driver.active.failed'));

  if (notFound) {
    return (
      <p className="notice" role="alert">
        {t('driver.active.failed')}{' '}
        <button type="button" className="link-button" onClick={onDone}>
          {t('driver.active.done')}
        </button>
      </p>
    );
  }
  if (isPending || !ride || !view) return <p role="status">{t('driver.active.loading')}</p>;
  return (
    <section className="card active-ride" aria-labelledby="active-ride-title" data-testid="active-ride">
      <h2 id="active-ride-title">{t('driver.active.title')}</h2>
      <StatusBanner view={view} ride={ride} party="driver" />
      <TripProgress progress={view.progress} />
      <dl className="ride-facts active-ride__facts">
        <dt>{t('tracking.details.pickup')}</dt>
        <dd>{ride.pickupLocation.address}</dd>
        <dt>{t('tracking.details.dropoff')}</dt>
        <dd>{ride.dropoffLocation.address}</dd>
        <dt>{t('driver.active.fare')}</dt>
        <dd>{formatZmw(ride.finalFareNgwee ?? ride.agreedFareNgwee ?? ride.quote.totalNgwee)}</dd>
      </dl>
      <DriverMap ride={ride} />
      {view.status === 'accepted' && (
        <button type="button" className="button button--primary button--large" disabled={arrive.isPending} onClick={() => arrive.mutate(undefined)}>
          {arrive.isPending ? t('driver.active.working') : t('driver.active.arrived')}
        </button>
      )}
      {/* Remounted when the lock changes: a reissued PIN starts with a clean form. */}
      {view.status === 'arrived' && <StartWithPin key={String(view.pinLocked)} ride={ride} locked={view.pinLocked} />}
      {view.status === 'in_progress' && (
        <button type="button" className="button button--primary button--large" disabled={complete.isPending} onClick={() => complete.mutate(undefined)}>
          {complete.isPending ? t('driver.active.working') : t('driver.active.complete')}
        </button>
      )}
      {view.status === 'completed' && <RidePaymentPanel rideId={rideId} party="driver" headingLevel={3} />}
      {view.status === 'completed' && view.canRate && <RateRide rideId={rideId} whom="rider" onRated={onDone} />}
      {(view.status === 'cancelled' || view.status === 'expired' || (view.status === 'completed' && !view.canRate)) && (
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('driver.active.done')}
        </button>
      )}
      <Suspense fallback={null}>
        <RideSafety rideId={rideId} party="driver" status={view.status} live={live} />
      </Suspense>
      {(view.canRaiseEmergency || view.emergencyActive) && (
        <EmergencyPanel rideId={rideId} active={view.emergencyActive} canRaise={view.canRaiseEmergency} party="driver" />
      )}
      <p>
        <PathLink href={`/track/${rideId}`} className="link-button">
          {t('driver.active.openMap')}
        </PathLink>
      </p>
    </section>
  );
}

/** The PIN the rider reads out: exactly 4 digits; a wrong one says how many tries are left. */
function StartWithPin({ ride, locked }: { ride: Ride; locked: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [pin, setPin] = useState('');
  const [refusal, setRefusal] = useState<PinRefusal>(null);
  const start = useMutation({
    mutationFn: () => postJson<Ride>(`/api/rides/${encodeURIComponent(ride.id)}/start`, { pin }),
    onSuccess: (answer) => {
      setRefusal(null);
      queryClient.setQueryData(liveQueryKeys.ride(ride.id), answer);
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.rideEvents(ride.id) });
    },
    onError: (error) => {
      setPin('');
      setRefusal(pinRefusal(error) ?? { kind: 'incorrect', attemptsLeft: -1 });
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.ride(ride.id) });
    },
  });
  if (locked) {
    return (
      <p className="notice" role="alert" data-testid="pin-locked">
        {t('driver.active.pinLocked')}
      </p>
    );
  }
  const valid = /^\d{4}$/.test(pin);
  return (
    <form
      className="start-trip"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) start.mutate();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-pin`}>
          {t('driver.active.pinLabel')}
        </label>
        <input
          id={`${id}-pin`}
          className="input start-trip__pin"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          pattern="\d{4}"
          value={pin}
          aria-invalid={refusal !== null}
          aria-describedby={`${id}-hint${refusal ? ` ${id}-error` : ''}`}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 4))}
          data-testid="pin-input"
        />
        <p id={`${id}-hint`} className="fine-print">
          {t('driver.active.pinHint')}
        </p>
        {refusal?.kind === 'incorrect' && (
          <p id={`${id}-error`} className="field__error" role="alert" data-testid="pin-error">
            {refusal.attemptsLeft >= 0 ? t('driver.active.pinWrong', { attempts: refusal.attemptsLeft }) : t('driver.active.failed')}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary button--large" disabled={!valid || start.isPending}>
        {start.isPending ? t('driver.active.working') : t('driver.active.start')}
      </button>
    </form>
  );
}
