import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HttpError } from '../../api/http.js';
import { fetchSession } from '../../session/currentUser.js';
import type { SessionUser } from '../../auth/authState.js';

/**
 * Whether this browser's session is an administrator's with the second factor done, as the
 * server says now (GET /api/auth/session), not as a copy kept in the browser. Under the `admin` key,
 * so signing out (which drops every query but the session's) forgets it too.
 */
export type AdminAccess = { kind: 'granted'; admin: SessionUser } | { kind: 'denied' };

export const adminAccessQueryKey = ['admin', 'access'] as const;

export const adminAccessQueryOptions = () =>
  queryOptions({
    queryKey: adminAccessQueryKey,
    queryFn: async (): Promise<AdminAccess> => {
      // Nobody, or a second factor pending: either way, not (yet) an admin here.
      const session = await fetchSession();
      const user = session.state === 'signedIn' ? session.user : null;
      return user && user.userType === 'admin' && user.mfaEnabled ? { kind: 'granted', admin: user } : { kind: 'denied' };
    },
    // Asked again each time the portal is entered: another tab may have signed out meanwhile.
    staleTime: 0,
  });

export const useAdminAccess = () => useQuery(adminAccessQueryOptions());

const isSessionLoss = (error: unknown) => error instanceof HttpError && (error.status === 401 || error.status === 403);

/**
 * When any admin call is refused for want of a session (it expired, or was ended elsewhere),
 * the access is checked again, which sends the visitor to the sign-in page.
 */
export function useRecheckAccessOnSessionLoss(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: adminAccessQueryKey });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionLoss(event.action.error)) recheck();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionLoss(event.action.error)) recheck();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

/** The administrator signed in, for the screens inside the portal's frame (which only renders once access is granted). */
export function useSignedInAdmin(): SessionUser {
  const access = useAdminAccess();
  if (access.data?.kind !== 'granted') throw new Error('An admin screen rendered outside the verified admin frame');
  return access.data.admin;
}
