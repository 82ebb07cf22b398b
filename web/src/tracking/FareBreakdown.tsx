import { useTranslation } from 'react-i18next';
import { RouteBasis } from '../map/RouteBasis.js';
import { paymentMethods, type PaymentMethodId } from '../../../domain/catalogue/payments.js';
import { formatZmw } from '../../../domain/fare/money.js';
import type { Ride } from './rideApi.js';

/** ZMW to one decimal; a negative line (the competitive discount) keeps its sign. */
export const signedZmw = (ngwee: number) => (ngwee < 0 ? `− ${formatZmw(-ngwee)}` : formatZmw(ngwee));

const receiptKinds = ['base', 'distance', 'time', 'pickup', 'surge', 'traffic', 'weather', 'timeOfDay', 'serviceFee', 'competitiveDiscount', 'minimumFare'] as const;
type ReceiptKind = (typeof receiptKinds)[number];
const isPaymentMethodId = (id: string): id is PaymentMethodId => paymentMethods.some((method) => method.id === id);
const isReceiptKind = (kind: string): kind is ReceiptKind => (receiptKinds as readonly string[]).includes(kind);

/**
 * The fare breakdown: the receipt lines of the quote locked when the ride was requested (they add
 * up to its total), the fare agreed with the driver, and the final fare once the trip is over.
 */
export function FareBreakdown({ ride }: { ride: Ride }) {
  const { t } = useTranslation();
  const paymentName = (id: string) => (isPaymentMethodId(id) ? t(`catalogue.paymentMethods.${id}.name`) : id);
  return (
    <section className="card fare-breakdown" aria-labelledby="fare-title">
      <h2 id="fare-title">{t('tracking.fare.title')}</h2>
      <dl className="fare-breakdown__lines">
        {ride.quote.receipt.map((line) => (
          <div key={line.kind} className="fare-breakdown__line" data-testid="receipt-line">
            <dt>{isReceiptKind(line.kind) ? t(`tracking.fare.lines.${line.kind}`) : line.kind}</dt>
            <dd>{signedZmw(line.amountNgwee)}</dd>
          </div>
        ))}
        <div className="fare-breakdown__line fare-breakdown__line--total">
          <dt>{t('tracking.fare.quoteTotal')}</dt>
          <dd>{formatZmw(ride.quote.totalNgwee)}</dd>
        </div>
        {ride.pricingMethod === 'bidding' && ride.offeredFareNgwee !== null && ride.agreedFareNgwee === null && (
          <div className="fare-breakdown__line">
            <dt>{t('tracking.fare.yourOffer')}</dt>
            <dd>{formatZmw(ride.offeredFareNgwee)}</dd>
          </div>
        )}
        {ride.agreedFareNgwee !== null && (
          <div className="fare-breakdown__line">
            <dt>{t('tracking.fare.agreed')}</dt>
            <dd>{formatZmw(ride.agreedFareNgwee)}</dd>
          </div>
        )}
        {ride.finalFareNgwee !== null && (
          <div className="fare-breakdown__line fare-breakdown__line--total" data-testid="final-fare">
            <dt>{t('tracking.fare.final')}</dt>
            <dd>{formatZmw(ride.finalFareNgwee)}</dd>
          </div>
        )}
      </dl>
      <RouteBasis route={ride.route} />
      <p className="fine-print">{t('tracking.fare.payment', { method: paymentName(ride.paymentMethod) })}</p>
    </section>
  );
}

