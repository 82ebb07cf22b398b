import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson, requestJson } from '../../api/http.js';
import type { AdminDriver, DriverList } from '../../../../contract/admin.js';

/** GET /api/admin/drivers (contract/admin.ts DriverList): the applicants and the counts. */
export type { AdminDriver };
export type ReviewStatus = AdminDriver['verificationStatus'];
export type DriverCounts = DriverList['counts'];

export type DriverTab = ReviewStatus | 'all';

const driversKey = ['admin', 'drivers'] as const;

export const driversQueryOptions = (search: string, tab: DriverTab) =>
  queryOptions({
    queryKey: [...driversKey, { search, tab }],
    queryFn: () => {
      const query = new URLSearchParams();
      if (search.trim()) query.set('search', search.trim());
      if (tab !== 'all') query.set('status', tab);
      return getJson<DriverList>(`/api/admin/drivers?${query.toString()}`);
    },
    placeholderData: (previous) => previous,
  });

/** A decision, through the driver-verification machine on the server; a reason is required to reject or suspend. */
export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string } | { kind: 'suspend'; reason: string } | { kind: 'reinstate' };

function decide(driverId: string, decision: Decision): Promise<unknown> {
  const path = `/api/admin/drivers/${encodeURIComponent(driverId)}`;
  switch (decision.kind) {
    case 'approve':
      return requestJson('PATCH', `${path}/verify`, { verificationStatus: 'approved' });
    case 'reject':
      return requestJson('PATCH', `${path}/verify`, { verificationStatus: 'rejected', reason: decision.reason });
    case 'suspend':
      return postJson(`${path}/suspend`, { reason: decision.reason });
    case 'reinstate':
      return postJson(`${path}/reinstate`);
  }
}

/** A decision that needs a reason (reject, suspend) is asked for in a dialog; the others go straight through. */
export interface ReasonRequest {
  driver: AdminDriver;
  kind: Extract<Decision['kind'], 'reject' | 'suspend'>;
}

export function useDriverDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ driverId, decision }: { driverId: string; decision: Decision }) => decide(driverId, decision),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: driversKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard-stats'] });
    },
  });
}

/** The reviews each status allows (the verification machine's: pending → approved | rejected, approved ⇄ suspended). */
export const decisionsFor = (status: ReviewStatus): Array<Decision['kind']> =>
  status === 'pending' ? ['approve', 'reject'] : status === 'approved' ? ['suspend'] : status === 'suspended' ? ['reinstate'] : [];

const DAY_MS = 86_400_000;
/** Within this many days of its expiry, a document is flagged so the driver renews it in time. */
export const EXPIRY_WARNING_DAYS = 30;

export type DocumentState = 'valid' | 'expiring' | 'expired';

export function documentState(expiresOn: string, now: Date): DocumentState {
  const end = Date.parse(`${expiresOn}T23:59:59+02:00`);
  if (end < now.getTime()) return 'expired';
  return end - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS ? 'expiring' : 'valid';
}
