import { useTranslation } from 'react-i18next';
import { RouteBasis } from '../map/RouteBasis.js';
import { formatZmw, type PricingMethod } from '../../../domain/fare/index.js';
import type { FareQuote } from './bookingApi.js';

type ReceiptKind = 'base' | 'distance' | 'time' | 'pickup' | 'surge' | 'traffic' | 'weather' | 'timeOfDay' | 'serviceFee' | 'competitiveDiscount' | 'minimumFare';
const receiptKinds = new Set<string>(['base', 'distance', 'time', 'pickup', 'surge', 'traffic', 'weather', 'timeOfDay', 'serviceFee', 'competitiveDiscount', 'minimumFare']);
const isReceiptKind = (kind: string): kind is ReceiptKind => receiptKinds.has(kind);

/** A signed amount: discounts show with a minus sign. */
const signed = (ngwee: number) => (ngwee < 0 ? `− ${formatZmw(-ngwee)}` : formatZmw(ngwee));

interface FareCardProps {
  quote: FareQuote | undefined;
  pricingMethod: PricingMethod;
  calculating: boolean;
  failed: boolean;
  refreshing: boolean;
  hasRoute: boolean;
  onRefresh(): void;
  /** On a phone's bottom sheet: the total on the first screen; the note, range and savings fold into the receipt. */
  compact?: boolean;
}

/**
 * The live fare (spec 000 §2.7, §4.3): "Calculating your fare..." until the server's quote
 * arrives, then the total, the receipt (its lines add up to the total), the estimate range and
 * what the rider saves against the market average.
 */
export function FareCard({ quote, pricingMethod, calculating, failed, refreshing, hasRoute, onRefresh, compact = false }: FareCardProps) {
  const { t } = useTranslation();
  const details = quote && (
    <>
      <p className="fine-print">{pricingMethod === 'fixed' ? t('booking.fare.fixedNote') : t('booking.fare.biddingNote')}</p>
      <p>{t('booking.fare.range', { min: formatZmw(quote.range.minNgwee), max: formatZmw(quote.range.maxNgwee) })}</p>
      {quote.savingsNgwee > 0 && (
        <p className="fare-card__savings">
          {t('booking.fare.marketAverage', { price: formatZmw(quote.marketAverageNgwee) })} · {t('booking.fare.savings', { amount: formatZmw(quote.savingsNgwee) })}
        </p>
      )}
    </>
  );
  return (
    <section className={`card fare-card${compact ? ' fare-card--compact' : ''}`} aria-labelledby="fare-card-title" aria-busy={calculating || refreshing}>
      <div className="fare-card__head">
        <h2 id="fare-card-title">{t('booking.fare.title')}</h2>
        {quote && (
          <button type="button" className="button button--ghost" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? t('booking.fare.refreshing') : t('booking.fare.refresh')}
          </button>
        )}
      </div>
      {!hasRoute ? (
        <p className="fine-print">{t('booking.fare.needsRoute')}</p>
      ) : calculating ? (
        <div role="status" className="fare-card__skeleton">
          <span className="skeleton skeleton--wide" aria-hidden="true" />
          <span className="skeleton" aria-hidden="true" />
          <p>{t('booking.fare.calculating')}</p>
        </div>
      ) : failed || !quote ? (
        <p role="alert" className="fare-card__failed">
          {t('booking.fare.failed')}{' '}
          <button type="button" className="link-button" onClick={onRefresh}>
            {t('booking.actions.tryAgain')}
          </button>
        </p>
      ) : (
        <>
          <p className="fare-card__total" data-testid="fare-total">
            <span>{t('booking.fare.total')}</span> <strong aria-live="polite">{formatZmw(quote.totalNgwee)}</strong>
          </p>
          {!compact && details}
          <details className="fare-card__receipt">
            <summary>{t('booking.fare.receipt')}</summary>
            {compact && details}
            <table>
              <tbody>
                {quote.receipt.map((line) => (
                  <tr key={line.kind}>
                    <th scope="row">{isReceiptKind(line.kind) ? t(`booking.fare.lines.${line.kind}`) : line.kind}</th>
                    <td>{signed(line.amountNgwee)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('booking.fare.total')}</th>
                  <td>{formatZmw(quote.totalNgwee)}</td>
                </tr>
              </tfoot>
            </table>
            <RouteBasis route={quote.route} />
          </details>
        </>
      )}
    </section>
  );
}
