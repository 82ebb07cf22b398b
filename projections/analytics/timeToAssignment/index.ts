export { timeToAssignmentProjection, foldRideAssignment } from './projection.js';
export { timeToAssignment, type TimeToAssignmentLine } from './queries.js';
export type { RideAssignmentRow, TimeToAssignmentTables } from './timeToAssignment.table.js';
