import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../toast/Toaster.js';
import { useRideCommand } from './useRideCommand.js';
import { Star } from '../shell/icons.js';

/**
 * One rating per party after the trip (spec 001 §3 Rating): 1–5 stars and an optional comment.
 * `whom` says who is being rated, for the heading.
 */
export function RateRide({ rideId, whom, onRated }: { rideId: string; whom: 'driver' | 'rider'; onRated?: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const id = useId();
  const rate = useRideCommand<{ stars: number; comment: string | null }>(rideId, 'rate', t('tracking.rate.failed'), () => {
    toast({ title: t('tracking.rate.thanks') });
    onRated?.();
  });
  return (
    <section className="card rate-ride" aria-labelledby={`${id}-title`} data-testid="rate-ride">
      <h2 id={`${id}-title`}>{t(whom === 'driver' ? 'tracking.rate.titleDriver' : 'tracking.rate.titleRider')}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (stars >= 1) rate.mutate({ stars, comment: comment.trim() || null });
        }}
      >
        <fieldset className="stars">
          <legend className="field__label">{t('tracking.rate.stars')}</legend>
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className={`stars__star${value <= stars ? ' stars__star--on' : ''}`}>
              <input type="radio" className="visually-hidden" name={`${id}-stars`} value={value} checked={stars === value} onChange={() => setStars(value)} />
              <Star size={28} fill={value <= stars ? 'currentColor' : 'none'} />
              <span className="visually-hidden">{t('tracking.rate.starLabel', { stars: value })}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-comment`}>
            {t('tracking.rate.comment')}
          </label>
          <textarea id={`${id}-comment`} className="input" rows={2} maxLength={500} value={comment} onChange={(event) => setComment(event.target.value)} />
        </div>
        <button type="submit" className="button button--primary" disabled={stars < 1 || rate.isPending}>
          {rate.isPending ? t('tracking.rate.sending') : t('tracking.rate.submit')}
        </button>
      </form>
    </section>
  );
}
