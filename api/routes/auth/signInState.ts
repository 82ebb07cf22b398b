import type { FastifyRequest } from 'fastify';
import { type AccountsContext, authErrors, type RequestOrigin, type SignInState } from '../../../accounts/index.js';

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * The sign-in this device has under way for `userId`. A user id alone proves nothing: the MFA
 * steps act only on the session cookie that the password (or registration, or provider) step set.
 */
export function signInFor(request: FastifyRequest, userId: string): SignInState {
  const state = request.signInState;
  if (!state) throw request.authProblem === 'deactivated' ? authErrors.deactivated() : authErrors.noPendingSignIn();
  if (state.user.id !== userId) throw authErrors.noPendingSignIn();
  return state;
}

/** The accounts context with the request's logger, so the flows' logs carry its correlation id. */
export function contextFor(context: AccountsContext, request: FastifyRequest): AccountsContext {
  return { ...context, logger: request.log as AccountsContext['logger'] };
}
