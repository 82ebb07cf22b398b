import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VehicleId } from '../../../domain/catalogue/index.js';
import { availableDriversQueryOptions, type LatLng } from './bookingApi.js';

/** 'No drivers available for {vehicle} in your area.' when nobody is on duty for it (spec 001 §2). */
export function NoDriversNotice({ vehicle, near }: { vehicle: VehicleId; near: LatLng | undefined }) {
  const { t } = useTranslation();
  const drivers = useQuery(availableDriversQueryOptions(vehicle, near));
  if (drivers.data?.count !== 0) return null;
  return (
    <p className="notice" role="status" data-testid="no-drivers">
      {t('booking.notices.noDrivers', { vehicle: t(`catalogue.vehicles.${vehicle}.name`) })}
    </p>
  );
}
