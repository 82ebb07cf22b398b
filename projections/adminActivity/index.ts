export { adminActivityProjection, ACTIVITY_KEPT } from './projection.js';
export { activityOf } from './activityOf.js';
export { recentActivity, type ActivityEntryRow, type ActivityFeedTables } from './queries.js';
export { activityKinds, type ActivityDetails, type ActivityKind, type AdminActivityTables } from './adminActivity.table.js';
