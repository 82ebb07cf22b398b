import { z } from 'zod';
import { LANGUAGES, MFA_METHODS, SELF_SERVICE_ROLES, USER_TYPES } from '../domain/account/index.js';

/** The signed-in user as the API shows them (never a secret: no hash, no authenticator secret). */
export const PublicUser = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string().nullable(),
  fullName: z.string(),
  phoneNumber: z.string().nullable(),
  /** The kind of account it was opened as. */
  userType: z.enum(USER_TYPES),
  /** Every role it may act in: its userType and, for a rider who also drives (or the reverse), the other. */
  roles: z.array(z.enum(USER_TYPES)),
  preferredLanguage: z.enum(LANGUAGES),
  mfaEnabled: z.boolean(),
  mfaMethod: z.enum(MFA_METHODS).nullable(),
});
export type PublicUser = z.infer<typeof PublicUser>;

/**
 * GET /api/auth/session: where this browser stands, always 200 — a visitor is an answer, not an
 * error (GET /api/auth/user's 401 put a failed request in the console of every anonymous page).
 * Signed out; half-way (password accepted, second factor pending); or signed in, with the user.
 */
export const SessionAnswer = z.discriminatedUnion('state', [
  z.object({ state: z.literal('signedOut') }),
  z.object({ state: z.literal('mfaPending'), userId: z.uuid(), mfaEnabled: z.boolean() }),
  z.object({ state: z.literal('signedIn'), user: PublicUser }),
]);
export type SessionAnswer = z.infer<typeof SessionAnswer>;

/** POST /api/auth/roles: a rider takes up driving on the same account, or a driver riding. */
export const AddRoleBody = z.object({
  role: z.enum(SELF_SERVICE_ROLES, { error: `role must be one of ${SELF_SERVICE_ROLES.join(', ')}` }),
});
export type AddRoleBody = z.infer<typeof AddRoleBody>;
