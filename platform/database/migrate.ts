import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';

/**
 * Runs one module's migrations to the latest. Each module (event store, projections, accounts…)
 * keeps its own history table, so a module can be migrated, tested and rebuilt on its own.
 * Whatever tables the caller's handle knows, migrations see the schema as it was when they were
 * written, untyped, as Kysely's migrations are.
 */
export async function migrateToLatest<Database>(
  db: Kysely<Database>,
  module: string,
  migrations: Record<string, Migration>,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: `migrations_${module}`,
    migrationLockTableName: `migrations_${module}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migrating ${module} failed at ${failed?.migrationName ?? '?'}: ${String(error)}`, {
      cause: error,
    });
  }
}
