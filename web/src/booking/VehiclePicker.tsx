import { useTranslation } from 'react-i18next';
import { vehicleCategories, type VehicleId } from '../../../domain/catalogue/index.js';
import { formatZmw } from '../../../domain/fare/index.js';
import type { CatalogueVehicle } from './bookingApi.js';

/**
 * The vehicles the API offers this account, by group (spec 000 §2.5). Coming-soon services are
 * listed to admin and staff only, and cannot be booked: their buttons are disabled.
 */
export function VehiclePicker({ vehicles, selected, onChoose }: { vehicles: readonly CatalogueVehicle[]; selected: VehicleId | null; onChoose(vehicle: VehicleId): void }) {
  const { t } = useTranslation();
  return (
    <div className="vehicle-chooser booking-vehicles">
      {vehicleCategories.map((category) => {
        const inGroup = vehicles.filter((vehicle) => vehicle.category === category);
        if (inGroup.length === 0) return null;
        return (
          <section key={category} className="vehicle-chooser__group" aria-labelledby={`booking-group-${category}`}>
            <h3 id={`booking-group-${category}`}>{t(`catalogue.vehicleCategories.${category}`)}</h3>
            <div className="vehicle-chooser__options">
              {inGroup.map((vehicle) => (
                <button
                  key={vehicle.id}
                  type="button"
                  className="vehicle-option"
                  aria-pressed={selected === vehicle.id}
                  disabled={vehicle.comingSoon}
                  onClick={() => onChoose(vehicle.id)}
                >
                  <span className="vehicle-option__name">
                    {t(`catalogue.vehicles.${vehicle.id}.name`)}
                    {vehicle.comingSoon && <span className="badge badge--muted">{t('booking.page.comingSoon')}</span>}
                  </span>
                  <span className="vehicle-option__description">{t(`catalogue.vehicles.${vehicle.id}.description`)}</span>
                  <span className="vehicle-option__price">{t('booking.page.startingFrom', { price: formatZmw(vehicle.startingPriceNgwee) })}</span>
                </button>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
