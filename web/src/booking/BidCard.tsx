import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/index.js';
import type { RideBid } from './bookingApi.js';

/** One driver's bid: amount, first name, rating, trips, arrival, vehicle, message, and Accept. */
export function BidCard({ bid, canAccept, accepting, onAccept }: { bid: RideBid; canAccept: boolean; accepting: boolean; onAccept(): void }) {
  const { t } = useTranslation();
  const { bidder } = bid;
  const price = formatZmw(bid.bidAmountNgwee);
  const name = bidder.firstName ?? t('booking.bids.newDriver');
  return (
    <li className="card bid-card" data-testid="bid">
      <div className="bid-card__top">
        <h3>{name}</h3>
        <span className="bid-card__amount" aria-label={`${t('booking.bids.amount')}: ${price}`}>
          {price}
        </span>
      </div>
      <p>
        {t('booking.bids.rating', { rating: bidder.rating.toFixed(1) })} · {t('booking.bids.trips', { count: bidder.completedRides })}
      </p>
      <p>{t('booking.bids.eta', { minutes: bid.etaMinutes ?? bid.estimatedArrival })}</p>
      {bidder.vehicle && (
        <p>
          {t('booking.bids.vehicle')}: {bidder.vehicle.colour} {bidder.vehicle.make} {bidder.vehicle.model}
        </p>
      )}
      {bid.message && (
        <p>
          {t('booking.bids.message')}: “{bid.message}”
        </p>
      )}
      {bid.status === 'placed' ? (
        canAccept && (
          <button type="button" className="button button--primary" onClick={onAccept} disabled={accepting}>
            {accepting ? t('booking.bids.accepting') : t('booking.bids.accept', { price })}
          </button>
        )
      ) : (
        <p className="badge badge--muted">{t(`booking.bids.statuses.${bid.status}`)}</p>
      )}
    </li>
  );
}
