import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '../../../domain/catalogue/index.js';
import { estimateRoute, type PricingMethod } from '../../../domain/fare/index.js';
import { placeOf, validateBookSearch, type BookSearch } from '../book/bookSearch.js';
import { LocationSearch, type SelectedLocation } from '../location/LocationSearch.js';
import { RouteMap } from '../map/RouteMap.js';
import { PageMeta } from '../seo/PageMeta.js';
import { useCurrentUser } from '../session/currentUser.js';
import { PathLink } from '../shell/PathLink.js';
import { VehicleChooser } from '../vehicles/VehicleChooser.js';

export const Route = createFileRoute('/book')({
  validateSearch: validateBookSearch,
  component: BookPage,
});

/**
 * The trip planner: vehicle, pickup, destination and pricing method, prefilled from the URL
 * (the home page's quick booking), with the route drawn on the map. Choices go back into the
 * URL, so a reload or a shared link keeps them.
 */
function BookPage() {
  const { t } = useTranslation();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: user, isPending } = useCurrentUser();
  const [pickupText, setPickupText] = useState(search.from ?? '');
  const [dropoffText, setDropoffText] = useState(search.to ?? '');
  const [pickupPosition, setPickupPosition] = useState<LatLng | undefined>(placeOf(search.fromPlace)?.coordinates);
  const [dropoffPosition, setDropoffPosition] = useState<LatLng | undefined>(placeOf(search.toPlace)?.coordinates);
  const pricing: PricingMethod = search.pricing ?? 'fixed';

  const update = (changes: Partial<BookSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...changes }), replace: true });
  const chosen = (end: 'from' | 'to', setPosition: (position: LatLng | undefined) => void) => (location: SelectedLocation) => {
    setPosition(location.coordinates);
    update(end === 'from' ? { from: location.address, fromPlace: location.placeId } : { to: location.address, toPlace: location.placeId });
  };
  // Until a road route is calculated, the map shows the straight line the fare estimate uses.
  const route = useMemo(() => estimateRoute(pickupPosition, dropoffPosition).route, [pickupPosition, dropoffPosition]);

  return (
    <div className="page book-page">
      <PageMeta title={t('meta.bookTitle')} description={t('meta.bookDescription')} />
      <h1>{t('book.title')}</h1>
      <p className="section__subtitle">{t('book.subtitle')}</p>
      <div className="book-page__layout">
        <div className="book-page__form">
          <section aria-labelledby="book-vehicle-title">
            <h2 id="book-vehicle-title">{t('vehicleChooser.title')}</h2>
            <VehicleChooser selected={search.vehicle} onChoose={(vehicle) => update({ vehicle })} />
          </section>
          <section className="card" aria-label={t('book.route')}>
            <LocationSearch
              label={t('book.pickup')}
              placeholder={t('home.quickBook.fromPlaceholder')}
              value={pickupText}
              onChange={setPickupText}
              onSelect={chosen('from', setPickupPosition)}
              allowCurrentLocation
            />
            <LocationSearch
              label={t('book.destination')}
              placeholder={t('home.quickBook.toPlaceholder')}
              value={dropoffText}
              onChange={setDropoffText}
              onSelect={chosen('to', setDropoffPosition)}
            />
            <fieldset className="pricing-choice">
              <legend className="field__label">{t('book.pricing')}</legend>
              {(['fixed', 'bidding'] as const).map((method) => (
                <label key={method} className="pricing-choice__option">
                  <input type="radio" name="book-pricing" value={method} checked={pricing === method} onChange={() => update({ pricing: method })} />
                  <span>
                    <span className="pricing-choice__title">{t(`home.quickBook.${method}`)}</span>
                    <span className="pricing-choice__hint">{t(method === 'fixed' ? 'home.quickBook.fixedHint' : 'home.quickBook.biddingHint')}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {!isPending && !user && (
              <div className="notice">
                <p>{t('book.signInHint')}</p>
                <PathLink href="/auth" className="button button--primary">
                  {t('book.signInToBook')}
                </PathLink>
              </div>
            )}
          </section>
        </div>
        <RouteMap label={t('book.route')} pickup={pickupPosition} dropoff={dropoffPosition} route={route} />
      </div>
    </div>
  );
}
