import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HttpError } from '../api/http.js';
import { currentUserQueryKey, fetchSession, useCurrentUser, type CurrentUser } from '../session/currentUser.js';

export type { MfaMethod } from '../../../domain/account/index.js';

/** GET /api/auth/user as it answers a signed-in user. */
export type SessionUser = CurrentUser;

/**
 * Where the visitor stands (spec 000 §4.1): signed in; half-way (password accepted, second
 * factor pending: the API answers 403 mfa_required); or nobody (401).
 */
export type AuthState =
  | { kind: 'signedIn'; user: SessionUser }
  | { kind: 'mfaPending'; userId: string; mfaEnabled: boolean }
  | { kind: 'signedOut' };

export const authStateQueryKey = ['auth', 'state'] as const;

interface MfaRequiredBody {
  code?: string;
  userId?: string;
  mfaEnabled?: boolean;
}

/** The state a refused GET /api/auth/user stands for; other failures are real errors. */
export function authStateFromError(error: unknown): AuthState {
  if (error instanceof HttpError && error.status === 401) return { kind: 'signedOut' };
  if (error instanceof HttpError && error.status === 403) {
    let body: MfaRequiredBody = {};
    try {
      body = JSON.parse(error.body) as MfaRequiredBody;
    } catch {
      // An unreadable 403 body still means the session is not usable yet.
    }
    if (body.code === 'mfa_required' && typeof body.userId === 'string') {
      return { kind: 'mfaPending', userId: body.userId, mfaEnabled: body.mfaEnabled === true };
    }
  }
  throw error;
}

export const authStateQueryOptions = () =>
  queryOptions({
    queryKey: authStateQueryKey,
    queryFn: async (): Promise<AuthState> => {
      const session = await fetchSession();
      if (session.state === 'signedIn') return { kind: 'signedIn', user: session.user };
      if (session.state === 'mfaPending') return { kind: 'mfaPending', userId: session.userId, mfaEnabled: session.mfaEnabled };
      return { kind: 'signedOut' };
    },
  });

/**
 * The auth state, kept in step with the shell's current-user query: when something else signs
 * the user out (the user menu clears that query), this one is asked again.
 */
export function useAuthState() {
  const state = useQuery(authStateQueryOptions());
  const shellUser = useCurrentUser();
  const queryClient = useQueryClient();
  const signedOutElsewhere = shellUser.isSuccess && shellUser.data === null && state.data?.kind === 'signedIn';
  useEffect(() => {
    if (signedOutElsewhere) void queryClient.invalidateQueries({ queryKey: authStateQueryKey });
  }, [signedOutElsewhere, queryClient]);
  return state;
}

/** Records a completed sign-in in both session queries (no extra round trip). */
export function rememberSignedIn(queryClient: ReturnType<typeof useQueryClient>, user: SessionUser): void {
  queryClient.setQueryData(authStateQueryKey, { kind: 'signedIn', user } satisfies AuthState);
  queryClient.setQueryData(currentUserQueryKey, user);
}
