import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { visibleVehicles } from '../../../domain/catalogue/index.js';
import { formatZmw } from '../../../domain/fare/money.js';
import { useIsPrivileged } from '../session/currentUser.js';
import { useVehicleText } from '../vehicles/useVehicleText.js';

export function VehicleGrid() {
  const { t } = useTranslation();
  const privileged = useIsPrivileged();
  const text = useVehicleText();
  return (
    <section className="section" aria-labelledby="vehicles-title">
      <h2 id="vehicles-title">{t('home.vehicles.title')}</h2>
      <p className="section__subtitle">{t('home.vehicles.subtitle')}</p>
      <ul className="grid grid--cards">
        {visibleVehicles(privileged).map((vehicle) => {
          const { name, description, capacity } = text(vehicle.id);
          return (
            <li key={vehicle.id} className="card vehicle-card">
              <h3>
                {name}
                {vehicle.comingSoon && <span className="badge badge--muted">{t('vehicleChooser.comingSoon')}</span>}
              </h3>
              <p>{description}</p>
              <p className="vehicle-card__capacity">{t('vehicleChooser.capacity', { capacity })}</p>
              <p className="vehicle-card__price">{t('home.vehicles.startingFrom', { price: formatZmw(vehicle.startingPrice) })}</p>
              {!vehicle.comingSoon && (
                <Link to="/book" search={{ vehicle: vehicle.id }} className="button button--secondary" aria-label={`${t('home.vehicles.bookNow')}: ${name}`}>
                  {t('home.vehicles.bookNow')}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
