import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/index.js';
import { serverMessageOr } from '../api/http.js';
import type { SessionUser } from '../auth/authState.js';
import type { LiveMessage } from '../live/liveMessages.js';
import { useLiveUpdates } from '../live/useLiveUpdates.js';
import { PageMeta } from '../seo/PageMeta.js';
import { PathLink } from '../shell/PathLink.js';
import { useToast } from '../toast/Toaster.js';
import { BidCard } from './BidCard.js';
import { bookingApi, newIdempotencyKey, rideBidsQueryOptions } from './bookingApi.js';
import { rideQueryOptions } from '../tracking/rideApi.js';
import { BidActions } from './BidActions.js';
import './booking.css';

/** Without the live line, bids are fetched this often instead. */
const POLL_WITHOUT_LIVE_MS = 5_000;

/**
 * The Driver Bids view (spec 001 §2, §4): the bids on the rider's request, live (a ws new_bid or
 * bid_update refetches them), 'Waiting for Drivers' until the first; accept one (→ tracking),
 * counter-offer, or decline them all and cancel.
 */
export function DriverBids({ rideId, user }: { rideId: string; user: SessionUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [awaitedBid, setAwaitedBid] = useState<string | null>(null);
  const onMessage = (message: LiveMessage) => {
    if (message.type === 'new_bid' && message.rideId === rideId) {
      setAwaitedBid(message.bidId);
      toast({ title: t('booking.bids.newBid'), description: t('booking.bids.newBidBody', { price: formatZmw(message.amountNgwee) }) });
    }
  };
  const { connected } = useLiveUpdates({ userId: user.id, rideId, onMessage });
  // A bid placed before the line was joined sent its message to nobody: read the list again on joining.
  useEffect(() => {
    if (!connected) return;
    void queryClient.invalidateQueries({ queryKey: rideBidsQueryOptions(rideId).queryKey });
    void queryClient.invalidateQueries({ queryKey: rideQueryOptions(rideId).queryKey, exact: true });
  }, [connected, queryClient, rideId]);
  const ride = useQuery({ ...rideQueryOptions(rideId), refetchInterval: connected ? false : POLL_WITHOUT_LIVE_MS });
  const open = ride.data?.status === 'pending';
  const bids = useQuery({ ...rideBidsQueryOptions(rideId), enabled: ride.isSuccess, refetchInterval: connected || !open ? false : POLL_WITHOUT_LIVE_MS });
  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  useRefetchUntilListed(awaitedBid, bids, () => setAwaitedBid(null));

  const accept = useMutation({
    mutationFn: (bidId: string) => bookingApi.acceptBid(bidId, newIdempotencyKey()),
    onMutate: (bidId) => setAcceptingId(bidId),
    onSuccess: (accepted) => {
      queryClient.setQueryData(rideQueryOptions(rideId).queryKey, accepted);
      router.history.push(`/track/${encodeURIComponent(rideId)}`);
    },
    onError: (error) => toast({ title: t('booking.bids.acceptFailed'), description: serverMessageOr(error, t('booking.bids.acceptFailed')), variant: 'destructive' }),
    onSettled: () => setAcceptingId(null),
  });

  if (ride.isPending) return <p role="status" className="page">{t('booking.bids.loading')}</p>;
  if (ride.isError) {
    return (
      <div className="page page--narrow">
        <h1>{t('booking.bids.notFound')}</h1>
        <p>{t('booking.bids.notFoundBody')}</p>
        <PathLink href="/book" className="button button--secondary">
          {t('booking.bids.back')}
        </PathLink>
      </div>
    );
  }

  const current = ride.data;
  const offer = current.offeredFareNgwee ?? current.quote.totalNgwee;
  const list = bids.data ?? [];
  return (
    <div className="page page--narrow bids-page">
      <PageMeta title={t('booking.bids.metaTitle')} description={t('booking.bids.metaDescription')} />
      <div className="bids-page__header">
        <h1>{t('booking.bids.title')}</h1>
        <PathLink href="/book" className="button button--ghost">
          ← {t('booking.bids.back')}
        </PathLink>
      </div>
      <p>
        {current.pickupLocation.address} <span aria-hidden="true">→</span>
        <span className="visually-hidden">–</span> {current.dropoffLocation.address}
      </p>
      <p>
        <strong>{t('booking.bids.yourOffer', { price: formatZmw(offer) })}</strong>
      </p>
      <p className="fine-print" role="status">
        {connected ? t('booking.bids.live') : t('booking.bids.polling')}
      </p>
      {!open && (
        <div className="notice">
          <p>{t('booking.bids.rideClosed')}</p>
          {current.status !== 'cancelled' && current.status !== 'expired' && (
            <PathLink href={`/track/${encodeURIComponent(rideId)}`} className="button button--primary">
              {t('booking.bids.track')}
            </PathLink>
          )}
        </div>
      )}
      {bids.isError ? (
        <p role="alert">{t('booking.bids.failed')}</p>
      ) : list.length === 0 ? (
        open && (
          <section className="card bids-waiting" aria-labelledby="bids-waiting-title">
            <span className="spinner" aria-hidden="true" />
            <h2 id="bids-waiting-title">{t('booking.bids.waiting')}</h2>
            <p>{t('booking.bids.waitingBody')}</p>
          </section>
        )
      ) : (
        <ul className="bid-list" aria-label={t('booking.bids.title')}>
          {list.map((bid) => (
            <BidCard key={bid.id} bid={bid} canAccept={open} accepting={acceptingId === bid.id} onAccept={() => accept.mutate(bid.id)} />
          ))}
        </ul>
      )}
      {open && <BidActions ride={current} onDeclined={() => router.history.push('/book')} />}
    </div>
  );
}

/** How often, and how many times, to ask again for a bid the live line announced but the list lacks. */
const LISTING_RETRY_MS = 700;
const LISTING_RETRIES = 10;

/**
 * The live line can announce a bid a moment before the bids list (a read model) holds it: ask
 * again, briefly, until the announced bid is listed.
 */
function useRefetchUntilListed(bidId: string | null, bids: { data?: readonly { id: string }[]; dataUpdatedAt: number; refetch(): unknown }, onListed: () => void) {
  const attempts = useRef(0);
  const listed = bidId !== null && (bids.data ?? []).some((bid) => bid.id === bidId);
  useEffect(() => {
    if (bidId === null) return;
    if (listed || attempts.current >= LISTING_RETRIES) {
      attempts.current = 0;
      onListed();
      return;
    }
    const timer = setTimeout(() => {
      attempts.current += 1;
      void bids.refetch();
    }, LISTING_RETRY_MS);
    return () => clearTimeout(timer);
  }, [bidId, listed, bids.dataUpdatedAt]);
}
