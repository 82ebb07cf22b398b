import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/index.js';
import { serverMessageOr } from '../api/http.js';
import { useToast } from '../toast/Toaster.js';
import { bookingApi, newIdempotencyKey, type BookedRide } from './bookingApi.js';
import { rideQueryOptions } from '../tracking/rideApi.js';
import { parseFare } from './bookingForm.js';

/** A counter offer within the quote's bounds, and "decline all and cancel" (asked twice). */
export function BidActions({ ride, onDeclined }: { ride: BookedRide; onDeclined(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const [offer, setOffer] = useState('');
  const [confirming, setConfirming] = useState(false);
  const remember = (updated: BookedRide) => queryClient.setQueryData(rideQueryOptions(ride.id).queryKey, updated);

  const counter = useMutation({
    mutationFn: () => bookingApi.counterOffer(ride.id, parseFare(offer), newIdempotencyKey()),
    onSuccess: (updated) => {
      remember(updated);
      setOffer('');
      toast({ title: t('booking.bids.counterSent') });
    },
    onError: (error) => toast({ title: t('booking.bids.counterFailed'), description: serverMessageOr(error, t('booking.bids.counterFailed')), variant: 'destructive' }),
  });
  const decline = useMutation({
    mutationFn: () => bookingApi.declineBids(ride.id, newIdempotencyKey()),
    onSuccess: (updated) => {
      remember(updated);
      toast({ title: t('booking.bids.declined') });
      onDeclined();
    },
    onError: (error) => toast({ title: t('booking.bids.declineFailed'), description: serverMessageOr(error, t('booking.bids.declineFailed')), variant: 'destructive' }),
  });

  const submitCounter = (event: FormEvent) => {
    event.preventDefault();
    if (parseFare(offer) > 0) counter.mutate();
  };
  const bounds = t('booking.pricing.bounds', { floor: formatZmw(ride.quote.floorNgwee), ceiling: formatZmw(ride.quote.ceilingNgwee) });

  return (
    <div className="bids-actions">
      <form className="card" onSubmit={submitCounter} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('booking.bids.counterTitle')}</h2>
        <div className="counter-offer">
          <div className="field">
            <label htmlFor={`${id}-offer`} className="field__label">
              {t('booking.bids.counterLabel')}
            </label>
            <input
              id={`${id}-offer`}
              type="number"
              inputMode="decimal"
              step="0.1"
              className="input"
              min={ride.quote.floorNgwee / 100}
              max={ride.quote.ceilingNgwee / 100}
              aria-describedby={`${id}-bounds`}
              value={offer}
              onChange={(event) => setOffer(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--secondary" disabled={counter.isPending || parseFare(offer) <= 0}>
            {t('booking.bids.counterSubmit')}
          </button>
        </div>
        <p id={`${id}-bounds`} className="fine-print">
          {bounds}
        </p>
      </form>
      {confirming ? (
        <div className="notice" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>{t('booking.bids.declineConfirm')}</p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={() => decline.mutate()} disabled={decline.isPending}>
              {decline.isPending ? t('booking.bids.declining') : t('booking.bids.declineAll')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              {t('booking.actions.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
          {t('booking.bids.declineAll')}
        </button>
      )}
    </div>
  );
}
