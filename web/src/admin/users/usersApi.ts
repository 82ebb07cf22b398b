import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '../../api/http.js';
import type { LanguageCode } from '../../i18n/languages.js';

export type AdminUserType = 'passenger' | 'driver' | 'admin' | 'staff';

/** GET /api/admin/users, one account (api/routes/admin/schemas.ts AdminUser). */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  username: string | null;
  userType: AdminUserType;
  language: LanguageCode;
  isActive: boolean;
  mfaEnabled: boolean;
  createdAt: string;
}

export interface UserCounts {
  total: number;
  active: number;
  passengers: number;
  drivers: number;
  admins: number;
  staff: number;
}

export interface UserFilter {
  search: string;
  type: AdminUserType | 'all';
}

/** What an admin may change of an account (admin and staff accounts are made by an operator, not edited into). */
export interface UserEdit {
  name?: string;
  email?: string;
  phone?: string;
  userType?: 'passenger' | 'driver';
  language?: LanguageCode;
  isActive?: boolean;
}

const usersKey = ['admin', 'users'] as const;

export const usersQueryOptions = ({ search, type }: UserFilter) =>
  queryOptions({
    queryKey: [...usersKey, { search, type }],
    queryFn: () => {
      const query = new URLSearchParams();
      if (search.trim()) query.set('search', search.trim());
      if (type !== 'all') query.set('type', type);
      return getJson<{ users: AdminUser[]; counts: UserCounts }>(`/api/admin/users?${query.toString()}`);
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
