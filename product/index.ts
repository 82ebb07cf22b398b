/**
 * The product's ordinary tables: what is neither an event-sourced lifecycle nor part of the
 * accounts. Support messages from the contact form, the admin audit log (changes to accounts and
 * support messages, which are not events) and each user's saved payment accounts, typed as
 * `Kysely<ProductDatabase>`, with one migration history (`migrations_product`). Everything outside
 * this folder goes through this file (`npm run lint`: modules-through-their-faces).
 */
export { migrateProductTables } from './migrations.js';
export {
  SUPPORT_CATEGORIES,
  SUPPORT_URGENCIES,
  SUPPORT_STATUSES,
  type ProductDatabase,
  type SupportMessageRow,
  type SavedPaymentMethodRow,
} from './product.table.js';
export {
  insertSupportMessage,
  listSupportMessages,
  countOpenSupportMessages,
  findSupportMessage,
  setSupportMessageStatus,
} from './supportMessages.js';
export { recordAdminAction, listAdminActions, type AdminAction } from './auditLog.js';
export { savedMethodsOf, saveMethod, removeMethod, maskAccountNumber } from './paymentMethods.js';
export {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  purgeIdempotencyKeys,
  requestFingerprint,
  IDEMPOTENCY_KEY_TTL_MS,
  type KeyClaim,
  type KeyUse,
} from './idempotencyKeys.js';
