import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson } from '../api/http.js';
import type { LanguageCode } from '../i18n/languages.js';

export type UserType = 'passenger' | 'driver' | 'admin' | 'staff';

/** The signed-in user as GET /api/auth/user returns it. */
export interface CurrentUser {
  id: string;
  email: string;
  username: string | null;
  fullName: string;
  phoneNumber: string | null;
  userType: UserType;
  preferredLanguage: LanguageCode;
  mfaEnabled: boolean;
}

export const currentUserQueryKey = ['auth', 'user'] as const;

/**
 * Who is signed in, or null. A 401 means nobody; any other failure (a 403 while a second factor
 * is pending, the server unreachable) is treated the same way, so the visitor sees the public
 * site and a sign-in button rather than an error.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async (): Promise<CurrentUser | null> => {
      try {
        return await getJson<CurrentUser>('/api/auth/user');
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
