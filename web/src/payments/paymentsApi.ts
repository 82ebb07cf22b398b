import { queryOptions } from '@tanstack/react-query';
import type { PayBody, Payment, PaymentList, RidePayment, WeeklyStatement } from '../../../contract/payments.js';
import type { z } from 'zod';
import type { SandboxRequests } from '../../../contract/payments.js';
import type { PaymentCatalogue } from '../../../contract/catalogue.js';
import { getJson, HttpError, postJson } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';

/** The payment routes' answers, from the contract (contract/payments.ts). */
export type { Payment, PayBody, RidePayment };
export type Statement = z.infer<typeof WeeklyStatement>;
export type SandboxRequest = z.infer<typeof SandboxRequests>['requests'][number];
export type PaymentMethodOffer = PaymentCatalogue['paymentMethods'][number];

const ride = (rideId: string) => `/api/rides/${encodeURIComponent(rideId)}/payment`;

/** A ride's payment with its receipt (rider, driver, admin); refetched by ride and payment updates. */
export const ridePaymentQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.ridePayment(rideId),
    queryFn: () => getJson<RidePayment>(ride(rideId)),
  });

export const myPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: [...liveQueryKeys.myPayments(), 'list'] as const,
    queryFn: () => getJson<z.infer<typeof PaymentList>>('/api/payments?limit=50'),
  });

/** The methods this platform collects now (cash always; a wallet only when a provider takes it). */
export const offeredMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/catalogue/payment-methods'] as const,
    queryFn: () => getJson<PaymentCatalogue>('/api/catalogue/payment-methods'),
    staleTime: 5 * 60_000,
  });

/** The sandbox's development wallet; null when the sandbox is off (the route does not exist then). */
export const sandboxWalletQueryOptions = () =>
  queryOptions({
    queryKey: liveQueryKeys.sandboxWallet(),
    queryFn: async (): Promise<SandboxRequest[] | null> => {
      try {
        return (await getJson<z.infer<typeof SandboxRequests>>('/api/dev/payments/sandbox')).requests;
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const statementQueryOptions = (driverId: string, week: string | null) =>
  queryOptions({
    queryKey: liveQueryKeys.driverStatement(driverId, week),
    queryFn: () => getJson<Statement>(`/api/drivers/${encodeURIComponent(driverId)}/statement${week ? `?week=${week}` : ''}`),
  });

export const pay = (rideId: string, body: PayBody) => postJson<{ payment: Payment }>(ride(rideId), body);
export const dispute = (rideId: string, reason: string) => postJson<{ payment: Payment }>(`${ride(rideId)}/dispute`, { reason });
export const driverCashStep = (rideId: string, step: 'cash-collected' | 'cash-not-paid') => postJson<{ payment: Payment }>(`${ride(rideId)}/${step}`);
export const decideSandbox = (reference: string, action: 'approve' | 'decline') =>
  postJson<SandboxRequest>(`/api/dev/payments/sandbox/${encodeURIComponent(reference)}/${action}`, action === 'decline' ? { reason: 'declined' } : undefined);
