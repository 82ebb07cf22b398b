import type { Kysely } from 'kysely';

/**
 * The one database handle the app opens (read models, accounts, product tables, dispatch
 * telemetry share it). Route handlers only pass it on: each module's query functions and the
 * services here take it as their own typed `Kysely<Tables>`, and they alone write SQL
 * (`npm run lint`: routes-call-services forbids api/routes/ to import kysely or platform/database).
 * A transaction is handed on as the same type.
 */
export type SharedDatabase = Kysely<any>;
