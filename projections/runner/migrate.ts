import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../platform/database/migrate.js';
import { checkpointMigrations } from './checkpoints.js';
import type { Projection } from './projection.js';

/**
 * The checkpoint table, then each projection's own tables. Every projection keeps its own
 * migration history (`migrations_projection_<name>`), so adding one never touches another.
 */
export async function migrateProjections<Database>(db: Kysely<Database>, projections: readonly Projection[]): Promise<void> {
  await migrateToLatest(db, 'projections', checkpointMigrations);
  for (const projection of projections) {
    await migrateToLatest(db, `projection_${projection.name}`, projection.migrations);
  }
}
