import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '../../api/http.js';
import type { AdminUser, UpdateUserBody, UserList } from '../../../../contract/admin.js';

/** GET /api/admin/users (contract/admin.ts UserList): the accounts and the counts. */
export type { AdminUser };
export type AdminUserType = AdminUser['userType'];
export type UserCounts = UserList['counts'];

export interface UserFilter {
  search: string;
  type: AdminUserType | 'all';
}

/** What an admin may change of an account (admin and staff accounts are made by an operator, not edited into). */
export type UserEdit = UpdateUserBody;

const usersKey = ['admin', 'users'] as const;

export const usersQueryOptions = ({ search, type }: UserFilter) =>
  queryOptions({
    queryKey: [...usersKey, { search, type }],
    queryFn: () => {
      const query = new URLSearchParams();
      if (search.trim()) query.set('search', search.trim());
      if (type !== 'all') query.set('type', type);
      return getJson<UserList>(`/api/admin/users?${query.toString()}`);
    },
    placeholderData: (previous) => previous,
  });

/** Every change to an account: the lists (and the dashboard's figures) are asked again. */
function useUserMutation<Variables>(call: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard-stats'] });
    },
  });
}

export const useUpdateUser = () =>
  useUserMutation(({ userId, edit }: { userId: string; edit: UserEdit }) => requestJson<AdminUser>('PATCH', `/api/admin/users/${userId}`, edit));

export const useDeleteUser = () => useUserMutation((userId: string) => requestJson<void>('DELETE', `/api/admin/users/${userId}`));

/** Admins (and staff) are managed by an operator: the screen offers no edit, deactivation or deletion for them. */
export const isManagedHere = (user: AdminUser) => user.userType === 'passenger' || user.userType === 'driver';
