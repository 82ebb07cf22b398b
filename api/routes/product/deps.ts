import type { Kysely } from 'kysely';
import type { CommandServices } from '../../../commands/shared/services.js';
import type { Accounts } from '../../accounts/index.js';

/** What the product's route groups work with: commands (writes), the database (reads), accounts. */
export interface ProductRouteDeps {
  commands: CommandServices;
  /** The read models' database (the same as commands.db). */
  db: Kysely<any>;
  accounts: Accounts;
}
