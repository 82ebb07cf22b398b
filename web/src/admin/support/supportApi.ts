import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '../../api/http.js';
import type { SupportSearch, SupportStatus } from '../../routes/admin/-supportSearch.js';
import { supportQueryString, type SupportInbox, type SupportMessage } from './supportInbox.js';

/** New messages arrive on their own: the inbox asks again every 30 s while it is open (as the dashboard does). */
export const SUPPORT_REFRESH_MS = 30_000;

const supportKey = ['admin', 'support'] as const;

export const supportInboxQueryOptions = (search: SupportSearch) =>
  queryOptions({
    queryKey: [...supportKey, search],
    queryFn: () => getJson<SupportInbox>(`/api/admin/support?${supportQueryString(search)}`),
    refetchInterval: SUPPORT_REFRESH_MS,
    placeholderData: (previous) => previous,
  });

/**
 * PATCH /api/admin/support/:id (the server records it in the admin audit log). It settles once
 * the inbox has been asked again, so the list and its counters already show the change.
 */
export function useSetSupportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SupportStatus }) => requestJson<SupportMessage>('PATCH', `/api/admin/support/${id}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKey }),
  });
}
