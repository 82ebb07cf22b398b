export { driverProfilesProjection } from './projection.js';
export { averageRating } from './foldProfile.js';
export {
  availableDrivers,
  driverById,
  driverByUserId,
  driversByIds,
  driversForAdmin,
  type AdminDriverCounts,
  type AdminDriverFilter,
  type ReviewStatus,
} from './queries.js';
export type { DriverProfileRow, DriverProfilesTables, DriverVerificationStatus } from './driverProfiles.table.js';
