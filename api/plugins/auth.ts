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
 *   403 forbidden_role       signed in, but the account holds none of the route's roles (`requiredRoles`
 *                            lists them)
 *
 * One account, two roles: an account holds one or more roles (`user.roles`: a rider who took up
 * driving holds passenger and driver). A route passes when the account holds any of its roles, and
 * the request then ACTS in one role, the one the lifecycles see as the actor's (`actingRoleOf`):
 * the only one of the route's roles the account holds; for a two-role account on a route open to
 * both, the role the account has on the ride the route names (the rider of ride A is a passenger
 * there, the driver of ride B a driver), else the route's first. The role comes from the server's
 * records on every request, never from the client.
 *
 * `currentUser(request)` gives the fully signed-in user or null, for routes open to everyone that
 * show more to some (coming-soon vehicles to admin and staff).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type Accounts,
  AuthError,
  authErrors,
  findLiveSession,
  type IssuedSession,
  MFA_REQUIRED_MESSAGE,
  type PublicUser,
  revokeSession,
  type SignInState,
  toPublicUser,
  touchSession,
  type UserType,
} from '../../accounts/index.js';
import type { App } from '../types.js';

export const SESSION_COOKIE = 'tiyende_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin: the live session named by the cookie, verified or still pending MFA. */
    signInState: SignInState | null;
    /** Why a cookie named no usable session, when that is worth telling the client. */
    authProblem: 'deactivated' | null;
    /** Set by `requireUser`: the role this request acts in (one the account holds and the route allows). */
    actingRole: UserType | null;
  }
  interface FastifyInstance {
    /** How the guard finds a ride's people for a two-role account (registerAuth's option). */
    ridePeopleOf: RidePeopleLookup;
  }
}

/** The people on a ride by user id, for a two-role account's acting role; null when there is no such ride. */
export type RidePeopleLookup = (rideId: string) => Promise<{ riderUserId: string | null; driverUserId: string | null } | null>;


/** Reads the session on every request. Needs @fastify/cookie registered first. */
export function registerAuth(app: App, accounts: Accounts, options: { ridePeople?: RidePeopleLookup } = {}): void {
  const { db, clock, policy } = accounts.context;
  app.decorateRequest('signInState', null);
  app.decorateRequest('authProblem', null);
  app.decorateRequest('actingRole', null);
  app.decorate('ridePeopleOf', options.ridePeople ?? (async () => null));

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
      return;
    }
    request.actingRole = await actingRoleFor(request, options.roles);
  };
}

/** The role a request that passed its guard acts in (see the top of this file). */
async function actingRoleFor(request: FastifyRequest, routeRoles: readonly UserType[] | undefined): Promise<UserType> {
  const user = request.signInState!.user;
  const held = routeRoles ? routeRoles.filter((role) => user.roles.includes(role)) : user.roles;
  const fallback = routeRoles ? held[0]! : user.user_type;
  if (held.length < 2 || !held.includes('passenger') || !held.includes('driver')) return fallback;
  const rideId = (request.params as { rideId?: unknown } | undefined)?.rideId;
  if (typeof rideId !== 'string' || rideId === '') return fallback;
  const people = await request.server.ridePeopleOf(rideId).catch(() => null);
  if (people?.driverUserId === user.id) return 'driver';
  if (people?.riderUserId === user.id) return 'passenger';
  return fallback;
}

/**
 * The role this request acts in: set by its guard; a route without one acts in the account's own
 * kind. Commands name it as the actor's role.
 */
export function actingRoleOf(request: FastifyRequest): UserType {
  return request.actingRole ?? signedInUser(request).userType;
}

function refusalFor(request: FastifyRequest, options: GuardOptions): AuthError | null {
  const state = request.signInState;
  if (!state) return request.authProblem === 'deactivated' ? authErrors.deactivated() : authErrors.unauthenticated();
  if (!state.session.mfa_verified) {
    return new AuthError(403, 'mfa_required', MFA_REQUIRED_MESSAGE, { userId: state.user.id, mfaEnabled: state.user.mfa_enabled });
  }
  if (options.roles && !options.roles.some((role) => state.user.roles.includes(role))) {
    return new AuthError(
      403,
      'forbidden_role',
      `This is only for ${options.roles.join(' or ')} accounts; this account is a ${state.user.roles.join(' and ')} account.`,
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
