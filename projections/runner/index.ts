export { defineProjection, type Projection } from './projection.js';
export { migrateProjections } from './migrate.js';
export {
  ProjectionRunner,
  checkpointLag,
  DEFAULT_BATCH_SIZE,
  type ProjectionLag,
  type ProjectionRunnerOptions,
  type ProjectionStatus,
} from './runner.js';
export {
  rebuildProjection,
  rebuildProjections,
  REBUILD_BATCH_SIZE,
  type RebuildAllOptions,
  type RebuildAllResult,
  type RebuildOptions,
  type RebuildProgress,
  type RebuildResult,
} from './rebuild.js';
export { createPostgresLagProbe, type Lag, type LagProbe } from './postgresLagProbe.js';
export { LockHeldError } from './advisoryLock.js';
export { ProjectionHandlerError } from './projectionWorker.js';
export type { ProjectionLogger } from './logger.js';
export type { CheckpointDatabase, ProjectionCheckpointRow } from './checkpoints.js';
export { readModelRows } from './readModelRows.js';
export { notifyReadPositions, ReadPositions, READ_POSITIONS_CHANNEL } from './readPositions.js';
