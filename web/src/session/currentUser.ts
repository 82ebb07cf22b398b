import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '../../../contract/session.js';
import { getJson, postJson } from '../api/http.js';
import type { PublicUser } from '../../../contract/auth.js';

export type { UserType } from '../../../domain/account/index.js';

/** The signed-in user as GET /api/auth/user returns it (contract/auth.ts PublicUser). */
export type CurrentUser = PublicUser;

export const currentUserQueryKey = ['auth', 'user'] as const;

/** GET /api/auth/session: always 200, so a visitor's page logs no failed request. */
export const fetchSession = (): Promise<SessionAnswer> => getJson<SessionAnswer>('/api/auth/session');

/**
 * Who is signed in, or null: nobody, a second factor still pending, or any failure (the server
 * unreachable), so the visitor sees the public site and a sign-in button rather than an error.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async (): Promise<CurrentUser | null> => {
      try {
        const session = await fetchSession();
        return session.state === 'signedIn' ? session.user : null;
      } catch {
        return null;
      }
    },
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());

/** Admin and staff see what is not launched yet: coming-soon towns and services (spec 000 §6). */
export const isPrivileged = (user: CurrentUser | null | undefined): boolean => user?.userType === 'admin' || user?.userType === 'staff';

export const useIsPrivileged = (): boolean => isPrivileged(useCurrentUser().data);

/**
 * Logs out. The user is cleared on this device even when the call fails (spec 000 §4.1): the
 * server ends the session when it can, and nothing here should keep a visitor signed in.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postJson<void>('/api/auth/logout').catch(() => undefined),
    onSettled: () => {
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    },
  });
}
