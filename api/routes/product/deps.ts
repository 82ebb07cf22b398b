import type { SharedDatabase } from '../../services/database.js';
import type { CommandServices } from '../../../commands/shared/services.js';
import type { Accounts } from '../../../accounts/index.js';
import type { ObjectStore } from '../../../platform/documents/index.js';
import type { PaymentCollector } from '../../../commands/payment/collector.js';
import type { PaymentProviders } from '../../../platform/payments/index.js';

/** The configured payment providers and the collector that works with them. */
export interface PaymentRouteDeps {
  providers: Pick<PaymentProviders, 'byGateway' | 'gatewayFor' | 'collectedMethods' | 'sandbox'>;
  collector: PaymentCollector | null;
}
import type { MemoryTextMessages } from '../../../commands/shared/safetyPorts.js';

/** What the product's route groups work with: commands (writes), the database (reads), accounts. */
export interface ProductRouteDeps {
  commands: CommandServices;
  /** The read models' database (the same as commands.db). */
  db: SharedDatabase;
  accounts: Accounts;
  /** Uploaded documents, encrypted at rest (platform/documents); without it the upload routes are not served. */
  documents?: ObjectStore;
  /** Without it no mobile money is offered (cash only) and payment callbacks find no gateway. */
  payments?: PaymentRouteDeps;
  /** Uploads (ride recordings), encrypted at rest; absent, uploads and playback are refused. */
  storage?: ObjectStore | null;
  /** The development outbox of the safety net's SMS (GET /api/dev/texts), when there is one. */
  textOutbox?: MemoryTextMessages | null;
}
