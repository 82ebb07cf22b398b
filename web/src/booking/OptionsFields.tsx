import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageSize, PaymentMethodId } from '../../../domain/catalogue/index.js';
import { formatZmw, type PricingMethod } from '../../../domain/fare/index.js';
import type { FareQuote, PaymentMethodEntry, VehicleLoad } from './bookingApi.js';
import { localDate, type BookingForm } from './bookingForm.js';

type Change = (changes: Partial<BookingForm>) => void;

/** Passenger count (1 … the vehicle's capacity) or package size, then notes (spec 000 §2.7). */
export function LoadFields({ load, form, onChange }: { load: VehicleLoad; form: BookingForm; onChange: Change }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="card booking-section">
      {load.kind === 'passengers' ? (
        <div className="field">
          <label htmlFor={`${id}-passengers`} className="field__label">
            {t('booking.load.passengers')}
          </label>
          <select
            id={`${id}-passengers`}
            className="input"
            value={form.passengerCount ?? ''}
            onChange={(event) => onChange({ passengerCount: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">{t('booking.load.choosePassengers')}</option>
            {Array.from({ length: load.maxPassengers }, (_, index) => index + 1).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-package`} className="field__label">
            {t('booking.load.packageSize')}
          </label>
          <select
            id={`${id}-package`}
            className="input"
            value={form.packageSize ?? ''}
            onChange={(event) => onChange({ packageSize: event.target.value === '' ? null : (event.target.value as PackageSize) })}
          >
            <option value="">{t('booking.load.choosePackage')}</option>
            {load.sizes.map((size) => (
              <option key={size} value={size}>
                {t(`booking.load.sizes.${size}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-notes`} className="field__label">
          {t('booking.load.notes')}
        </label>
        <textarea
          id={`${id}-notes`}
          className="input"
          rows={2}
          maxLength={500}
          placeholder={t('booking.load.notesPlaceholder')}
          value={form.notes}
          onChange={(event) => onChange({ notes: event.target.value })}
        />
      </div>
    </div>
  );
}

/** Schedule for later: a date from today on and a time. */
export function ScheduleFields({ form, onChange, now }: { form: BookingForm; onChange: Change; now: Date }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="card booking-section">
      <label className="switch-row">
        <input type="checkbox" role="switch" checked={form.isScheduled} onChange={(event) => onChange({ isScheduled: event.target.checked })} />
        <span>{t('booking.schedule.toggle')}</span>
      </label>
      {form.isScheduled && (
        <div className="booking-schedule">
          <div className="field">
            <label htmlFor={`${id}-date`} className="field__label">
              {t('booking.schedule.date')}
            </label>
            <input id={`${id}-date`} type="date" className="input" min={localDate(now)} value={form.scheduledDate} onChange={(event) => onChange({ scheduledDate: event.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-time`} className="field__label">
              {t('booking.schedule.time')}
            </label>
            <input id={`${id}-time`} type="time" className="input" value={form.scheduledTime} onChange={(event) => onChange({ scheduledTime: event.target.value })} />
          </div>
        </div>
      )}
    </div>
  );
}

/** Fixed rate or your price; for your price, the offer and the bounds the server allows. */
export function PricingFields({ form, onChange, quote }: { form: BookingForm; onChange: Change; quote: FareQuote | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="card booking-section pricing-choice">
      <legend className="booking-section__title">{t('booking.pricing.title')}</legend>
      {(['fixed', 'bidding'] as const satisfies readonly PricingMethod[]).map((method) => (
        <label key={method} className="pricing-choice__option">
          <input type="radio" name="booking-pricing" value={method} checked={form.pricingMethod === method} onChange={() => onChange({ pricingMethod: method })} />
          <span>
            <span className="pricing-choice__title">{t(`booking.pricing.${method}`)}</span>
            <span className="pricing-choice__hint">{t(method === 'fixed' ? 'booking.pricing.fixedHint' : 'booking.pricing.biddingHint')}</span>
          </span>
        </label>
      ))}
      {form.pricingMethod === 'bidding' && (
        <div className="field">
          <label htmlFor={`${id}-fare`} className="field__label">
            {t('booking.pricing.proposedFare')}
          </label>
          <input
            id={`${id}-fare`}
            type="number"
            inputMode="decimal"
            step="0.1"
            min={quote ? quote.bounds.floorNgwee / 100 : undefined}
            max={quote ? quote.bounds.ceilingNgwee / 100 : undefined}
            className="input"
            aria-describedby={`${id}-bounds`}
            value={form.proposedFare}
            onChange={(event) => onChange({ proposedFare: event.target.value })}
          />
          <p id={`${id}-bounds`} className="fine-print">
            {quote
              ? t('booking.pricing.bounds', { floor: formatZmw(quote.bounds.floorNgwee), ceiling: formatZmw(quote.bounds.ceilingNgwee) })
              : t('booking.pricing.boundsUnknown')}
          </p>
        </div>
      )}
    </fieldset>
  );
}

/** How the rider pays (the catalogue's methods, in the language on screen). */
export function PaymentField({ methods, value, onChange }: { methods: readonly Pick<PaymentMethodEntry, 'id' | 'isAvailable'>[]; value: PaymentMethodId; onChange(method: PaymentMethodId): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="card booking-section field">
      <label htmlFor={id} className="field__label booking-section__title">
        {t('booking.payment.title')}
      </label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value as PaymentMethodId)}>
        {methods.map((method) => (
          <option key={method.id} value={method.id} disabled={!method.isAvailable}>
            {t(`catalogue.paymentMethods.${method.id}.name`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The rider may have their trusted contacts texted a link to follow the trip when it starts. */
export function ContactsAtStartField({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const { t } = useTranslation();
  return (
    <div className="card booking-section">
      <label className="switch-row">
        <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid="notify-contacts-at-start" />
        <span>{t('booking.contacts.notifyAtStart')}</span>
      </label>
      <Link to="/safety/contacts" className="fine-print">
        {t('booking.contacts.manage')}
      </Link>
    </div>
  );
}
