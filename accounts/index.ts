/**
 * Accounts: users, sessions, two-factor sign-in, one-time codes, Google and Apple sign-in, rate
 * limits. Ordinary tables (not event-sourced) with their own migrations; everything outside this
 * folder goes through this file (`npm run lint`: accounts-through-its-face).
 *
 * The composition root builds one `Accounts` (`accountsFromConfig`), migrates its tables
 * (`migrateAccounts`) and starts its housekeeping; routes call the flows below with
 * `accounts.context`.
 */

// Building and running the module.
export { createAccounts, type Accounts, type AccountsOptions } from './accounts.js';
export { accountsFromConfig, providersFromConfig, type AccountsConfig } from './fromConfig.js';
export { migrateAccounts } from './migrations.js';
export { startAccountsHousekeeping } from './housekeeping.js';
export type { AccountsContext, RequestOrigin, SignInState } from './context.js';
export type { AuthPolicy } from './policy.js';
export { routeByChannel, type CodeTransport, type OutboxEntry } from './transport.js';
export { createSmsGatewaySender, type SmsGatewayOptions } from './smsGatewayTransport.js';

// Its tables.
export {
  USER_TYPES,
  LANGUAGES,
  MFA_METHODS,
  type AccountsDatabase,
  type UserType,
  type Language,
  type UserRow,
  type UserUpdate,
  type SessionRow,
} from './accounts.table.js';

// Sign-in flows.
export { register, signIn, signOut, setPreferredLanguage } from './signIn.js';
export { setUpMfa, sendMfaCode, verifyMfa } from './mfa.js';
export { signInWithProvider } from './oidc/signInWithProvider.js';
export type { FlowState, ProviderName } from './oidc/provider.js';
export { findLiveSession, revokeSession, touchSession, type IssuedSession } from './sessions.js';
export { reserveAttempt } from './rateLimits.js';
export { hashPassword } from './secrets.js';
export { AuthError, MFA_REQUIRED_MESSAGE, authErrors } from './errors.js';

// Users, as the admin portal and the rest of the app see them.
export { insertUser, addSelfServiceRole, findUserById, findUserByEmail, updateUser, setUserActive, toPublicUser, type PublicUser } from './users.js';
export { listUsers, countUsers, usersByIds, userIdsMatching, endSessionsOf, deleteUser } from './adminUsers.js';
