import { useTranslation } from 'react-i18next';
import {
  categoriesWithComingSoonNotice,
  vehicleCategories,
  vehiclesInCategory,
  type VehicleCategory,
  type VehicleId,
} from '../../../domain/catalogue/index.js';
import { formatZmw } from '../../../domain/fare/index.js';
import { useIsPrivileged } from '../session/currentUser.js';
import { useVehicleText } from './useVehicleText.js';

const comingSoonNotice: Partial<Record<VehicleCategory, 'vehicleChooser.comingSoonNoticeFoods' | 'vehicleChooser.comingSoonNoticeWeddings'>> = {
  foods: 'vehicleChooser.comingSoonNoticeFoods',
  weddings: 'vehicleChooser.comingSoonNoticeWeddings',
};

/**
 * The four groups of services, each a button with its name, description and starting price
 * (spec 000 §2.5). Coming-soon services and notices are shown to admin and staff only.
 */
export function VehicleChooser({ selected, onChoose }: { selected?: VehicleId; onChoose(vehicle: VehicleId): void }) {
  const { t } = useTranslation();
  const privileged = useIsPrivileged();
  const text = useVehicleText();
  return (
    <div className="vehicle-chooser">
      {vehicleCategories.map((category) => {
        const vehicles = vehiclesInCategory(category, privileged);
        if (vehicles.length === 0) return null;
        const notice = privileged && categoriesWithComingSoonNotice.includes(category) ? comingSoonNotice[category] : undefined;
        return (
          <section key={category} className="vehicle-chooser__group" aria-labelledby={`vehicle-group-${category}`}>
            <h3 id={`vehicle-group-${category}`}>{t(`catalogue.vehicleCategories.${category}`)}</h3>
            {notice && <p className="notice">{t(notice)}</p>}
            <div className="vehicle-chooser__options">
              {vehicles.map((vehicle) => {
                const { name, description } = text(vehicle.id);
                return (
                  <button
                    key={vehicle.id}
                    type="button"
                    className="vehicle-option"
                    aria-pressed={selected === vehicle.id}
                    onClick={() => onChoose(vehicle.id)}
                  >
                    <span className="vehicle-option__name">
                      {name}
                      {vehicle.comingSoon && <span className="badge badge--muted">{t('vehicleChooser.comingSoon')}</span>}
                    </span>
                    <span className="vehicle-option__description">{description}</span>
                    <span className="vehicle-option__price">{t('home.vehicles.startingFrom', { price: formatZmw(vehicle.startingPrice) })}</span>
                  </button>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
