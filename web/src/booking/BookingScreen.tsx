import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VehicleId } from '../../../domain/catalogue/index.js';
import { roundUpToTenth } from '../../../domain/fare/index.js';
import { HttpError, serverMessageOr } from '../api/http.js';
import { authStateQueryKey } from '../auth/authState.js';
import { placeOf, type BookSearch } from '../book/bookSearch.js';
import { PageMeta } from '../seo/PageMeta.js';
import { useToast } from '../toast/Toaster.js';
import { offeredMethodsQueryOptions } from '../payments/paymentsApi.js';
import { newIdempotencyKey, vehiclesQueryOptions } from './bookingApi.js';
import { emptyBookingForm, quoteRequestOf, type BookingForm, type TripPoint } from './bookingForm.js';
import { bookingMachine } from './bookingMachine.js';
import { BookingProblems } from './BookingProblems.js';
import { FareCard } from './FareCard.js';
import { NoDriversNotice } from './NoDriversNotice.js';
import { ContactsAtStartField, LoadFields, PaymentField, PricingFields, ScheduleFields } from './OptionsFields.js';
import { TripMap } from './TripMap.js';
import { TripFields } from './TripFields.js';
import { useFareQuote } from './useFareQuote.js';
import { VehiclePicker } from './VehiclePicker.js';
import { useNarrowScreen } from './useNarrowScreen.js';
import './booking.css';

const pointFrom = (text: string | undefined, placeId: string | undefined): TripPoint => {
  const place = placeOf(placeId);
  return { text: text ?? place?.name ?? '', ...(place ? { coordinates: place.coordinates } : {}) };
};

/** The form as the home page's quick-booking card left it in the URL. */
const formFrom = (search: BookSearch): BookingForm => ({
  ...emptyBookingForm(),
  pickup: pointFrom(search.from, search.fromPlace),
  dropoff: pointFrom(search.to, search.toPlace),
  pricingMethod: search.pricing ?? 'fixed',
});

/**
 * /book for a signed-in passenger (spec 001 §2, spec 000 §2.7): choose a vehicle, then the trip,
 * load, schedule, pricing and payment, with the live fare card and the route map beside them.
 * Book runs the booking machine; a fixed-price ride goes on to tracking, a bidding ride to its bids.
 */
export function BookingScreen({ search }: { search: BookSearch }) {
  const { t } = useTranslation();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const vehicles = useQuery(vehiclesQueryOptions());
  const payments = useQuery(offeredMethodsQueryOptions());
  const [booking, send] = useMachine(bookingMachine);
  const [form, setForm] = useState<BookingForm>(() => formFrom(search));
  const change = (changes: Partial<BookingForm>) => setForm((was) => ({ ...was, ...changes }));

  const chosenId = booking.context.vehicle;
  const vehicle = vehicles.data?.vehicles.find((entry) => entry.id === chosenId);
  const quoteRequest = chosenId && vehicle && !vehicle.comingSoon ? quoteRequestOf(chosenId, form) : null;
  const fare = useFareQuote(quoteRequest);

  // The form opens at once with the vehicle picked on the home page, else a car (the home
  // page's default too), when this account may book it. Only for the first list of vehicles.
  useEffect(() => {
    const bookable = (id: VehicleId | undefined) => vehicles.data?.vehicles.find((entry) => entry.id === id && !entry.comingSoon);
    const wanted = bookable(search.vehicle) ?? bookable('car');
    if (wanted && booking.value === 'closed') send({ type: 'OPEN', vehicle: wanted.id });
  }, [vehicles.data]);

  const choose = (id: VehicleId) => {
    const next = vehicles.data?.vehicles.find((entry) => entry.id === id);
    if (!next) return;
    send({ type: 'OPEN', vehicle: id });
    setForm((was) => ({
      ...was,
      passengerCount: next.load.kind === 'passengers' ? Math.min(Math.max(was.passengerCount ?? 1, 1), next.load.maxPassengers) : null,
      packageSize: next.load.kind === 'package' && was.packageSize && next.load.sizes.includes(was.packageSize) ? was.packageSize : null,
    }));
  };

  // Your price starts at the quote, rounded up to 0.1 ZMW, until the rider types their own.
  useEffect(() => {
    if (form.pricingMethod === 'bidding' && form.proposedFare === '' && fare.quote) change({ proposedFare: roundUpToTenth(fare.quote.totalNgwee).toFixed(1) });
  }, [form.pricingMethod, fare.quote]);

  useEffect(() => {
    if (booking.status !== 'done' || !booking.context.ride) return;
    const ride = booking.context.ride;
    void queryClient.invalidateQueries({ queryKey: ['/api/rides/mine'] });
    if (ride.pricingMethod === 'bidding') {
      toast({ title: t('booking.confirmed.biddingOpen'), description: t('booking.confirmed.biddingOpenBody') });
      router.history.push(`/book/${encodeURIComponent(ride.id)}/bids`);
    } else {
      toast({ title: t('booking.confirmed.rideConfirmed'), description: t('booking.confirmed.vehicleBeingArranged', { vehicle: t(`catalogue.vehicles.${ride.vehicleType as VehicleId}.name`) }) });
      router.history.push(`/track/${encodeURIComponent(ride.id)}`);
    }
  }, [booking.status]);

  useEffect(() => {
    if (booking.value !== 'failed') return;
    const error = booking.context.error;
    // The session ended meanwhile: the protected screen takes over with "authentication required".
    if (error instanceof HttpError && error.status === 401) void queryClient.invalidateQueries({ queryKey: authStateQueryKey });
    toast({ title: t('booking.errors.bookingFailed'), description: serverMessageOr(error, t('booking.errors.bookingFailedMessage')), variant: 'destructive' });
  }, [booking.value, booking.context.error]);

  // Once Book has listed problems, each change checks them again (fixed ones leave the list).
  useEffect(() => {
    if (vehicle && booking.context.problems.length > 0) send({ type: 'REVISE', form, rules: { load: vehicle.load, bounds: fare.quote?.bounds, now: new Date() } });
  }, [form, fare.quote]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!vehicle) return;
    send({ type: 'SUBMIT', form, rules: { load: vehicle.load, bounds: fare.quote?.bounds, now: new Date() }, attemptKey: newIdempotencyKey() });
  };

  const now = useMemo(() => new Date(), []);
  const open = booking.value !== 'closed' && vehicle !== undefined;
  const submitting = booking.value === 'submitting' || booking.status === 'done';
  const vehicleName = vehicle ? t(`catalogue.vehicles.${vehicle.id}.name`) : '';
  // On a phone: the map on top and a bottom sheet with the trip, the fare and Book on the first
  // screen (360×740); the rest of the form, and the vehicles, further down the sheet.
  const narrow = useNarrowScreen();

  const vehiclePicker = (
    <section aria-labelledby="booking-vehicles-title" className="booking-page__vehicles">
      <h2 id="booking-vehicles-title">{t('booking.page.chooseVehicle')}</h2>
      {vehicles.isPending ? (
        <p role="status">{t('booking.page.vehiclesLoading')}</p>
      ) : vehicles.isError ? (
        <p role="alert">
          {t('booking.page.vehiclesFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void vehicles.refetch()}>
            {t('booking.page.retry')}
          </button>
        </p>
      ) : (
        <VehiclePicker vehicles={vehicles.data.vehicles} selected={open ? chosenId : null} onChoose={choose} />
      )}
    </section>
  );
  const summary = vehicle && (
    <div className="card booking-summary">
      <h2>{vehicleName}</h2>
      <p>
        {t('booking.page.capacity')}: {t(`catalogue.vehicles.${vehicle.id}.capacity`)}
      </p>
      <p className="fine-print">{t('booking.page.pickupTime')}</p>
      {vehicle.comingSoon && <p className="notice">{t('booking.page.comingSoonNotice')}</p>}
      <NoDriversNotice vehicle={vehicle.id} near={form.pickup.coordinates} />
    </div>
  );
  const tripFields = (
    <TripFields
      pickup={form.pickup}
      dropoff={form.dropoff}
      stops={form.stops}
      onPickup={(pickup) => change({ pickup })}
      onDropoff={(dropoff) => change({ dropoff })}
      onStops={(stops) => change({ stops })}
    />
  );
  const options = vehicle && (
    <>
      <LoadFields load={vehicle.load} form={form} onChange={change} />
      <ScheduleFields form={form} onChange={change} now={now} />
      <PricingFields form={form} onChange={change} quote={fare.quote} />
      <PaymentField methods={payments.data?.paymentMethods ?? [{ id: 'cash', isAvailable: true }]} value={form.paymentMethod} onChange={(paymentMethod) => change({ paymentMethod })} />
      <ContactsAtStartField checked={form.notifyContactsAtStart} onChange={(notifyContactsAtStart) => change({ notifyContactsAtStart })} />
      <p className="notice">{t('booking.notices.safety')}</p>
      <p className="fine-print">{t('booking.notices.toll')}</p>
    </>
  );
  const fareCard = (compact: boolean) => (
    <FareCard
      quote={fare.quote}
      pricingMethod={form.pricingMethod}
      calculating={fare.calculating}
      failed={fare.failed}
      refreshing={fare.refreshing}
      hasRoute={quoteRequest !== null}
      onRefresh={fare.refresh}
      compact={compact}
    />
  );
  const cancel = (
    <button type="button" className="button button--ghost" onClick={() => send({ type: 'CLOSE' })} disabled={submitting}>
      {t('booking.actions.cancel')}
    </button>
  );
  const actions = (withCancel: boolean) =>
    vehicle && (
      <div className="booking-actions">
        <BookingProblems problems={booking.context.problems} attempt={booking.context.attemptKey} />
        <button type="submit" className="button button--primary button--large" disabled={submitting || vehicle.comingSoon}>
          {submitting ? t('booking.actions.booking') : form.isScheduled ? t('booking.actions.schedule') : t('booking.actions.book')}
        </button>
        {withCancel && cancel}
      </div>
    );

  return (
    <div className={`page booking-page${open && narrow ? ' booking-page--sheet' : ''}`}>
      <PageMeta title={t('booking.page.metaTitle')} description={t('booking.page.metaDescription')} />
      <h1>{t('booking.page.title')}</h1>
      <p className="section__subtitle">{t('booking.page.subtitle')}</p>
      {!narrow && vehiclePicker}
      {open && vehicle && !narrow && (
        <form className="booking-page__layout" onSubmit={submit} noValidate aria-label={t('booking.page.form', { vehicle: vehicleName })}>
          <div className="booking-page__form">
            {summary}
            {tripFields}
            {options}
          </div>
          <div className="booking-page__side">
            {fareCard(false)}
            <TripMap form={form} quote={fare.quote} />
            {actions(true)}
          </div>
        </form>
      )}
      {open && vehicle && narrow && (
        <form className="booking-page__layout booking-sheet-layout" onSubmit={submit} noValidate aria-label={t('booking.page.form', { vehicle: vehicleName })}>
          <TripMap form={form} quote={fare.quote} />
          <div className="booking-sheet" data-testid="booking-sheet">
            <span className="booking-sheet__handle" aria-hidden="true" />
            <p className="booking-sheet__vehicle">
              <strong>{vehicleName}</strong>
              <a href="#booking-vehicles-title" className="link-button">
                {t('booking.page.changeVehicle')}
              </a>
            </p>
            {tripFields}
            {fareCard(true)}
            {actions(false)}
            <h2 className="booking-sheet__more">{t('booking.page.moreOptions')}</h2>
            {summary}
            {options}
            {cancel}
          </div>
        </form>
      )}
      {narrow && vehiclePicker}
    </div>
  );
}
