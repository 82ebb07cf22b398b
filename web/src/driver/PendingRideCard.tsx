import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/money.js';
import { postJson, requestJson, serverMessageOr } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import { useToast } from '../toast/Toaster.js';
import type { Ride } from '../tracking/rideApi.js';
import { BidDialog } from './BidDialog.js';
import { myBidsQueryOptions, type DriverBid, type PendingRide } from './driverApi.js';

/**
 * One ride request: where, how far, the fare (the quote on a fixed-price ride, the rider's
 * offer on a bidding one) and the driver's move — accept, or bid (then the bid's status, live).
 */
export function PendingRideCard({ ride, driverId, userId, onTaken }: { ride: PendingRide; driverId: string; userId: string; onTaken: (rideId: string) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const bidding = ride.pricingMethod === 'bidding';
  const bids = useQuery({ ...myBidsQueryOptions(ride.id), enabled: bidding });
  // The bid as the last write answered it: the bid list's read model may not have it yet.
  const [answered, setAnswered] = useState<DriverBid | null>(null);
  const listed = bids.data?.filter((bid) => bid.driverId === driverId).at(-1);
  const myBid = listed && (!answered || listed.id !== answered.id || listed.updatedAt >= answered.updatedAt) ? listed : (answered ?? undefined);
  const accept = useMutation({
    mutationFn: () => requestJson<Ride>('PATCH', `/api/rides/${encodeURIComponent(ride.id)}`, { status: 'accepted', driverId }),
    onSuccess: (answer) => {
      queryClient.setQueryData(liveQueryKeys.ride(ride.id), answer);
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.driverProfile(userId) });
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.pendingRides() });
      toast({ title: t('driver.rides.accepted') });
      onTaken(ride.id);
    },
    onError: (error) => {
      toast({ title: t('driver.rides.acceptFailed'), description: serverMessageOr(error, t('driver.tryAgain')), variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.pendingRides() });
    },
  });
  const withdraw = useMutation({
    mutationFn: (bidId: string) => postJson<DriverBid>(`/api/bids/${encodeURIComponent(bidId)}/withdraw`),
    onSuccess: (bid) => {
      setAnswered(bid);
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.rideBids(ride.id) });
    },
    onError: (error) => toast({ title: t('driver.bid.withdrawFailed'), description: serverMessageOr(error, t('driver.tryAgain')), variant: 'destructive' }),
  });
  const fare = bidding ? (ride.offeredFareNgwee ?? ride.quote.totalNgwee) : ride.quote.totalNgwee;
  const live = myBid && myBid.status === 'placed';

  return (
    <li className="card pending-ride" data-testid="pending-ride" data-ride-id={ride.id}>
      <div className="pending-ride__top">
        <span className="badge">{t(bidding ? 'driver.rides.bidding' : 'driver.rides.fixed')}</span>
        <span className="pending-ride__fare">{formatZmw(fare)}</span>
      </div>
      <p className="pending-ride__route">
        <span className="visually-hidden">{t('driver.rides.from')} </span>
        {ride.pickupLocation.address}
        <span aria-hidden="true"> → </span>
        <span className="visually-hidden"> {t('driver.rides.to')} </span>
        {ride.dropoffLocation.address}
      </p>
      <p className="fine-print">
        {[
          ride.pickupDistanceKm !== null ? t('driver.rides.pickupDistance', { km: ride.pickupDistanceKm.toFixed(1) }) : null,
          ride.distance !== null ? t('driver.rides.tripDistance', { km: ride.distance.toFixed(1) }) : null,
          ride.passengerCount ? t('driver.rides.passengers', { passengers: ride.passengerCount }) : null,
          ride.packageSize ? t('driver.rides.package', { size: ride.packageSize }) : null,
          ride.multipleDestinations.length > 0 ? t('driver.rides.stops', { stops: ride.multipleDestinations.length }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {myBid && (
        <p className={`pending-ride__bid pending-ride__bid--${myBid.status}`} data-testid="my-bid">
          {t(`driver.bid.status.${myBid.status}`, { amount: formatZmw(myBid.bidAmountNgwee) })}
        </p>
      )}
      <div className="ride-actions">
        {!bidding && (
          <button type="button" className="button button--primary" disabled={accept.isPending} onClick={() => accept.mutate()}>
            {accept.isPending ? t('driver.rides.accepting') : t('driver.rides.accept')}
          </button>
        )}
        {bidding && live && (
          <button type="button" className="button button--secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate(myBid.id)}>
            {t('driver.bid.withdraw')}
          </button>
        )}
        {bidding && !live && (
          <button type="button" className="button button--primary" onClick={() => dialog.current?.showModal()}>
            {t('driver.bid.open')}
          </button>
        )}
      </div>
      {bidding && <BidDialog ref={dialog} ride={ride} driverId={driverId} onPlaced={setAnswered} />}
    </li>
  );
}
