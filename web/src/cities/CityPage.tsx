import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { placesInCity, type ActiveCity } from '../../../domain/catalogue/index.js';
import { formatZmw } from '../../../domain/fare/index.js';
import { RouteMap } from '../map/RouteMap.js';
import { PageMeta } from '../seo/PageMeta.js';
import { PathLink } from '../shell/PathLink.js';

/** A town's page: hero, services, key areas, popular destinations, fares and a call to action. */
export function CityPage({ city }: { city: ActiveCity }) {
  const { t, i18n } = useTranslation();
  const name = city.name;
  const places = placesInCity(city.id);
  const population = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(city.population);
  return (
    <div className="page city-page">
      <PageMeta title={t('meta.cityTitle', { city: name })} description={t('meta.cityDescription', { city: name })} />
      <section className="hero hero--city" aria-labelledby="city-title">
        <div className="hero__text">
          <h1 id="city-title">{name}</h1>
          <p className="hero__subtitle">{t(`catalogue.cityDescriptions.${city.id}`)}</p>
          <ul className="hero__badges">
            <li className="badge">{t('cities.population', { total: population })}</li>
            <li className="badge">{t('cities.servicesCount', { total: city.services.length })}</li>
            <li className="badge">{t('cities.fromFare', { price: formatZmw(city.estimatedFare.min) })}</li>
          </ul>
          <div className="hero__actions">
            <Link to="/book" className="button button--primary button--large">
              {t('cities.bookRide')}
            </Link>
            <PathLink href="/driver" className="button button--secondary button--large">
              {t('cities.becomeDriver', { city: name })}
            </PathLink>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="city-services-title">
        <h2 id="city-services-title">{t('cities.servicesTitle', { city: name })}</h2>
        <ul className="grid grid--compact">
          {city.services.map((service) => (
            <li key={service} className="card">
              <h3>{t(`catalogue.cityServices.${service}`)}</h3>
              <p className="badge badge--success">{t('cities.available247')}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="city-areas-title">
        <h2 id="city-areas-title">{t('cities.keyAreas')}</h2>
        <ul className="chip-list">
          {city.keyAreas.map((area) => (
            <li key={area} className="badge badge--muted">
              {area}
            </li>
          ))}
        </ul>
      </section>

      {places.length > 0 && (
        <section className="section" aria-labelledby="city-places-title">
          <h2 id="city-places-title">{t('cities.popularTitle', { city: name })}</h2>
          <ul className="grid grid--cards">
            {places.map((place) => (
              <li key={place.id} className="card">
                <h3>{place.name}</h3>
                <p className="fine-print">{t(`catalogue.placeCategories.${place.category}`)}</p>
                <p>{t(`catalogue.placeDescriptions.${place.id}` as 'catalogue.placeDescriptions.kitwe-cbd')}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="section">
        <h2>{t('cities.mapTitle', { city: name })}</h2>
        <RouteMap label={t('cities.mapTitle', { city: name })} centre={city.coordinates} zoom={13} />
      </div>

      <section className="section section--tinted" aria-labelledby="city-pricing-title">
        <h2 id="city-pricing-title">{t('cities.pricingTitle', { city: name })}</h2>
        <ul className="grid grid--compact">
          <li className="card">{t('cities.quickBooking')}</li>
          <li className="card">{t('cities.fareRange', { min: formatZmw(city.estimatedFare.min), max: formatZmw(city.estimatedFare.max) })}</li>
          <li className="card">{t('cities.support247')}</li>
        </ul>
      </section>

      <section className="section cta" aria-labelledby="city-cta-title">
        <h2 id="city-cta-title">{t('cities.ctaTitle', { city: name })}</h2>
        <p>{t('cities.ctaBody')}</p>
        <Link to="/book" className="button button--primary button--large">
          {t('cities.bookRide')}
        </Link>
      </section>
    </div>
  );
}
