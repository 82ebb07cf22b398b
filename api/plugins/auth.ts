/**
 * Who is asking: reads the session cookie on every request, and the guard every protected route
 * uses. The server enforces all of it (the spec's prototype checked roles in the browser only).
 *
 * In a route file:
 *
 *   import { requireUser, signedInUser } from '../plugins/auth.js';
 *
 *   app.get('/api/rides/:rideId', { preHandler: requireUser() }, async (request) => {
 *     const user = signedInUser(request); // PublicUser: id, email, userType, …
 *   });
 *   app.patch('/api/admin/users/:userId', { preHandler: requireUser({ roles: ['admin'] }) }, …);
 *   // or guard a whole plugin: app.addHook('preHandler', requireUser({ roles: ['driver'] }));
 *
 * The guard answers, before the handler runs:
 *   401 unauthenticated      'Authentication required' (no cookie, or an ended or expired session)
 *   401 account_deactivated  the account was deactivated (its sessions end on the next request)
 *   403 mfa_required         'Two-factor authentication is required to access this application.'
 *                            (the password passed but the second factor has not; `userId` says whose)
 *   403 forbidden_role       signed in, but as the wrong kind of user (`requiredRoles` lists the right ones)
 *
 * `currentUser(request)` gives the fully signed-in user or null, for routes open to everyone that
 * show more to some (coming-soon vehicles to admin and staff).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from '../accounts/index.js';
import type { UserType } from '../accounts/accounts.table.js';
import type { SignInState } from '../accounts/context.js';
import { AuthError, MFA_REQUIRED_MESSAGE, authErrors } from '../accounts/errors.js';
import { findLiveSession, revokeSession, touchSession, type IssuedSession } from '../accounts/sessions.js';
import { toPublicUser, type PublicUser } from '../accounts/users.js';
import type { App } from '../types.js';

export const SESSION_COOKIE = 'tiyende_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin: the live session named by the cookie, verified or still pending MFA. */
    signInState: SignInState | null;
    /** Why a cookie named no usable session, when that is worth telling the client. */
    authProblem: 'deactivated' | null;
  }
}

/** Reads the session on every request. Needs @fastify/cookie registered first. */
export function registerAuth(app: App, accounts: Accounts): void {
  const { db, clock, policy } = accounts.context;
  app.decorateRequest('signInState', null);
  app.decorateRequest('authProblem', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const now = clock.now();
    const found = await findLiveSession(db, token, now);
    if (!found) {
      clearSessionCookie(reply, accounts);
      return;
    }
    if (!found.user.is_active) {
      await revokeSession(db, found.session.id, now);
      clearSessionCookie(reply, accounts);
      request.authProblem = 'deactivated';
      return;
    }
    if (now.getTime() - found.session.last_seen_at.getTime() >= policy.sessionTouchIntervalMs) {
      await touchSession(db, found.session.id, now);
    }
    request.signInState = found;
  });
}

export function setSessionCookie(reply: FastifyReply, accounts: Accounts, issued: IssuedSession): void {
  reply.setCookie(SESSION_COOKIE, issued.token, { ...cookieOptions(accounts), expires: issued.session.expires_at });
}

export function clearSessionCookie(reply: FastifyReply, accounts: Accounts): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(accounts));
}

function cookieOptions(accounts: Accounts) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: accounts.production } as const;
}

export interface GuardOptions {
  /** Who may pass; any signed-in user when omitted. */
  roles?: readonly UserType[];
}

/** A preHandler that lets through only a fully signed-in (password AND second factor) user. */
export function requireUser(options: GuardOptions = {}) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const refusal = refusalFor(request, options);
    if (refusal) {
      await reply.status(refusal.statusCode).send({ message: refusal.message, code: refusal.code, ...refusal.details });
    }
  };
}

function refusalFor(request: FastifyRequest, options: GuardOptions): AuthError | null {
  const state = request.signInState;
  if (!state) return request.authProblem === 'deactivated' ? authErrors.deactivated() : authErrors.unauthenticated();
  if (!state.session.mfa_verified) {
    return new AuthError(403, 'mfa_required', MFA_REQUIRED_MESSAGE, { userId: state.user.id, mfaEnabled: state.user.mfa_enabled });
  }
  if (options.roles && !options.roles.includes(state.user.user_type)) {
    return new AuthError(
      403,
      'forbidden_role',
      `This is only for ${options.roles.join(' or ')} accounts; you are signed in with a ${state.user.user_type} account.`,
      { requiredRoles: options.roles },
    );
  }
  return null;
}

/** The signed-in user of a request that passed `requireUser`. Throws 401 if there is none. */
export function signedInUser(request: FastifyRequest): PublicUser {
  const user = currentUser(request);
  if (!user) throw refusalFor(request, {}) ?? authErrors.unauthenticated();
  return user;
}

/** The fully signed-in user, or null for visitors and sessions still waiting for MFA. */
export function currentUser(request: FastifyRequest): PublicUser | null {
  const state = request.signInState;
  return state?.session.mfa_verified ? toPublicUser(state.user) : null;
}
