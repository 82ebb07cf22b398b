import { vehicleIds, type VehicleId } from '../../../domain/catalogue/vehicles.js';

export const isVehicleId = (id: string): id is VehicleId => (vehicleIds as readonly string[]).includes(id);
