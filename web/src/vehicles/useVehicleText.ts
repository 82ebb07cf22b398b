import { useTranslation } from 'react-i18next';
import type { VehicleId } from '../../../domain/catalogue/index.js';

/** A vehicle's name, description and capacity in the language on screen. */
export function useVehicleText() {
  const { t } = useTranslation();
  return (id: VehicleId) => ({
    name: t(`catalogue.vehicles.${id}.name`),
    description: t(`catalogue.vehicles.${id}.description`),
    capacity: t(`catalogue.vehicles.${id}.capacity`),
  });
}
