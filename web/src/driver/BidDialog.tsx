import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/money.js';
import { postJson, serverMessageOr } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import { useToast } from '../toast/Toaster.js';
import { bidProblem } from './bidRules.js';
import type { DriverBid, PendingRide } from './driverApi.js';

/** Spec 001 §9: a bidder's arrival estimate defaults to 5 minutes. */
const DEFAULT_ARRIVAL_MINUTES = 5;

/**
 * The place-bid modal (spec 001 §2): amount within the ride's bounds, a message and the
 * estimated arrival. A native <dialog> opened with showModal() by the card's button.
 */
export const BidDialog = forwardRef<HTMLDialogElement, { ride: PendingRide; driverId: string; onPlaced: (bid: DriverBid) => void }>(function BidDialog({ ride, driverId, onPlaced }, ref) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const suggested = ((ride.offeredFareNgwee ?? ride.quote.totalNgwee) / 100).toFixed(2);
  // Until the driver types a fare, the rider's current offer is suggested (a counter-offer moves it).
  const [typed, setTyped] = useState<string | null>(null);
  const amount = typed ?? suggested;
  const [message, setMessage] = useState('');
  const [arrival, setArrival] = useState(String(DEFAULT_ARRIVAL_MINUTES));
  const [touched, setTouched] = useState(false);
  const problem = bidProblem(amount, ride);
  const close = () => (typeof ref === 'object' ? ref?.current?.close() : undefined);
  const place = useMutation({
    mutationFn: () =>
      postJson<DriverBid>('/api/bids', {
        rideId: ride.id,
        driverId,
        bidAmount: Number(amount),
        message: message.trim() || null,
        estimatedArrival: Math.min(120, Math.max(1, Math.round(Number(arrival) || DEFAULT_ARRIVAL_MINUTES))),
      }),
    onSuccess: (bid) => {
      close();
      onPlaced(bid);
      toast({ title: t('driver.bid.placed') });
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.rideBids(ride.id) });
    },
    onError: (error) => toast({ title: t('driver.bid.failed'), description: serverMessageOr(error, t('driver.tryAgain')), variant: 'destructive' }),
  });
  const bounds = { min: formatZmw(ride.quote.floorNgwee), max: formatZmw(ride.quote.ceilingNgwee) };
  return (
    <dialog ref={ref} className="ride-dialog" aria-labelledby={`${id}-title`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem) place.mutate();
        }}
      >
        <h2 id={`${id}-title`}>{t('driver.bid.title')}</h2>
        <p className="fine-print">
          {ride.pickupLocation.address} <span aria-hidden="true">→</span>
          <span className="visually-hidden">{t('driver.rides.to')}</span> {ride.dropoffLocation.address}
        </p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-amount`}>
            {t('driver.bid.amount')}
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            type="number"
            inputMode="decimal"
            step="0.1"
            min={ride.quote.floorNgwee / 100}
            max={ride.quote.ceilingNgwee / 100}
            value={amount}
            aria-invalid={touched && problem !== null}
            aria-describedby={`${id}-bounds${touched && problem ? ` ${id}-error` : ''}`}
            onChange={(event) => setTyped(event.target.value)}
          />
          <p id={`${id}-bounds`} className="fine-print">
            {t('driver.bid.bounds', bounds)}
          </p>
          {touched && problem && (
            <p id={`${id}-error`} className="field__error">
              {t(`driver.bid.errors.${problem}`, bounds)}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-arrival`}>
            {t('driver.bid.arrival')}
          </label>
          <input id={`${id}-arrival`} className="input" type="number" inputMode="numeric" min={1} max={120} value={arrival} onChange={(event) => setArrival(event.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-message`}>
            {t('driver.bid.message')}
          </label>
          <textarea id={`${id}-message`} className="input" rows={2} maxLength={280} value={message} onChange={(event) => setMessage(event.target.value)} />
        </div>
        <div className="ride-actions">
          <button type="button" className="button button--ghost" onClick={close}>
            {t('driver.bid.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={place.isPending || (touched && problem !== null)}>
            {place.isPending ? t('driver.bid.sending') : t('driver.bid.submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
});
