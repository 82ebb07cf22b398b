import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobileMoneyMethod } from '../../../domain/catalogue/payments.js';
import { formatZmw } from '../../../domain/fare/money.js';
import { serverMessageOr } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import { useMethodName } from './methodNames.js';
import { PayForm } from './PayForm.js';
import { decideSandbox, dispute, driverCashStep, ridePaymentQueryOptions, sandboxWalletQueryOptions, type Payment, type RidePayment } from './paymentsApi.js';
import './payments.css';

type Party = 'rider' | 'driver' | 'admin';

const WAITING_POLL_MS = 3_000;
const isWaiting = (status: Payment['status'] | undefined) => status === 'requested' || status === 'awaitingApproval' || status === 'refundRequested';

const badgeClass: Record<Payment['status'], string> = {
  requested: 'badge--muted',
  awaitingApproval: 'badge--muted',
  succeeded: 'badge--success',
  failed: 'badge--danger',
  expired: 'badge--danger',
  disputed: 'badge--muted',
  refundRequested: 'badge--muted',
  refunded: 'badge--muted',
  cancelled: 'badge--muted',
};

/**
 * A ride's payment as its rider or driver sees it, kept live (payment updates refetch it): what
 * is owed and how; for mobile money "approve on your phone" while the request waits, the reason
 * when it failed and a way to pay again; for cash the driver's confirmation (or report), and the
 * rider's dispute; once paid, the receipt with its reference.
 */
export function RidePaymentPanel({ rideId, party, headingLevel = 2 }: { rideId: string; party: Party; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useQuery({
    ...ridePaymentQueryOptions(rideId),
    // The read model may answer a moment behind the event a live update announced: while the
    // payment waits on someone (the phone, the driver), it is read again every few seconds too.
    refetchInterval: (current) => (isWaiting(current.state.data?.payment?.status) ? WAITING_POLL_MS : false),
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="card payment-panel" aria-labelledby={titleId} data-testid="payment-status">
      <Heading id={titleId}>{t('payments.panel.title')}</Heading>
      {query.isPending ? (
        <p role="status">{t('payments.panel.loading')}</p>
      ) : query.isError ? (
        <p className="notice" role="alert">
          {t('payments.panel.failed')}
        </p>
      ) : (
        <PaymentBody data={query.data} party={party} />
      )}
    </section>
  );
}

function PaymentBody({ data, party }: { data: RidePayment; party: Party }) {
  const { t } = useTranslation();
  const methodName = useMethodName();
  const { payment } = data;
  const total = data.receipt.totalNgwee;
  if (payment === null) {
    if (data.rideStatus !== 'completed') return <p className="fine-print">{t('payments.panel.afterTrip', { method: methodName(data.bookedMethod) })}</p>;
    if (party === 'rider') return <PayForm rideId={data.rideId} amountNgwee={total} suggested={data.bookedMethod} retry={false} />;
    return <p>{t('payments.panel.notYetRequested')}</p>;
  }
  const amount = formatZmw(payment.amountNgwee);
  const method = methodName(payment.method);
  const current = payment.attempts.at(-1);
  const waiting = payment.status === 'requested' || payment.status === 'awaitingApproval';
  return (
    <>
      <p className="payment-panel__summary">
        <span className={`badge ${badgeClass[payment.status]}`} data-testid="payment-badge">
          {t(`payments.status.${payment.status}`)}
        </span>{' '}
        <strong>{amount}</strong> · {method}
      </p>
      <div role="status" aria-live="polite">
        {waiting && isMobileMoneyMethod(payment.method) && (
          <div className="payment-panel__prompt" data-testid="approve-on-phone">
            <p>
              {party === 'rider'
                ? t('payments.panel.approveOnPhone', { amount, method, phone: current?.payerPhone ?? '' })
                : t('payments.panel.riderApproving', { amount, method })}
            </p>
            {payment.expiresAt && <p className="fine-print">{t('payments.panel.expiresAt', { time: shortTime(payment.expiresAt) })}</p>}
          </div>
        )}
        {waiting && payment.method === 'cash' && (
          <p data-testid="cash-owed">{party === 'driver' ? t('payments.panel.collectCash', { amount }) : t('payments.panel.payCash', { amount })}</p>
        )}
        {(payment.status === 'failed' || payment.status === 'expired') && (
          <p className="notice" data-testid="payment-failure">
            {t(`payments.failure.${payment.failureReason ?? 'provider_error'}`)}
          </p>
        )}
        {payment.status === 'disputed' && <p>{t('payments.panel.disputed')}</p>}
        {payment.status === 'refundRequested' && <p>{t('payments.panel.refundRequested')}</p>}
        {payment.status === 'cancelled' && <p>{t('payments.panel.cancelled')}</p>}
        {(payment.status === 'succeeded' || payment.status === 'refunded' || payment.status === 'refundRequested') && <Receipt data={data} payment={payment} />}
      </div>
      {party === 'rider' && waiting && isMobileMoneyMethod(payment.method) && <SandboxPrompt rideId={data.rideId} />}
      {party === 'driver' && waiting && payment.method === 'cash' && <DriverCashActions rideId={data.rideId} />}
      {party === 'rider' && (payment.status === 'failed' || payment.status === 'expired') && (
        <PayForm rideId={data.rideId} amountNgwee={payment.amountNgwee} suggested={payment.method} retry />
      )}
      {party === 'rider' &&
        payment.method === 'cash' &&
        (waiting || (payment.status === 'failed' && payment.failureReason === 'cash_not_paid')) && <DisputeForm rideId={data.rideId} />}
    </>
  );
}

const shortTime = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Lusaka' });

/** What was paid, how, when and under which reference: the payment half of the ride's receipt (the fare lines are beside it). */
function Receipt({ data, payment }: { data: RidePayment; payment: Payment }) {
  const { t, i18n } = useTranslation();
  const methodName = useMethodName();
  return (
    <div className="payment-receipt" data-testid="payment-receipt">
      <p className="payment-receipt__title">{t('payments.receipt.title')}</p>
      <dl className="ride-facts">
        <dt>{t('payments.receipt.paid')}</dt>
        <dd data-testid="receipt-paid">{formatZmw(payment.amountNgwee)}</dd>
        <dt>{t('payments.receipt.method')}</dt>
        <dd>{methodName(payment.settledMethod ?? payment.method)}</dd>
        {payment.settledAt && (
          <>
            <dt>{t('payments.receipt.paidAt')}</dt>
            <dd>{new Date(payment.settledAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lusaka' })}</dd>
          </>
        )}
        {payment.providerReference && (
          <>
            <dt>{t('payments.receipt.reference')}</dt>
            <dd className="payment-receipt__reference" data-testid="receipt-reference">
              {payment.providerReference}
            </dd>
          </>
        )}
        {payment.providerTransactionId && (
          <>
            <dt>{t('payments.receipt.transaction')}</dt>
            <dd className="payment-receipt__reference">{payment.providerTransactionId}</dd>
          </>
        )}
        {payment.refundedNgwee > 0 && (
          <>
            <dt>{t('payments.receipt.refunded')}</dt>
            <dd>{formatZmw(payment.refundedNgwee)}</dd>
          </>
        )}
        <dt>{t('payments.receipt.trip')}</dt>
        <dd>
          {data.receipt.pickupAddress} → {data.receipt.dropoffAddress}
        </dd>
      </dl>
    </div>
  );
}

/**
 * The sandbox's stand-in for the payer's phone: outside production, with no real provider, the
 * request waits here to be approved or declined (as the development wallet on /payments does).
 */
function SandboxPrompt({ rideId }: { rideId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const wallet = useQuery({ ...sandboxWalletQueryOptions(), refetchInterval: (query) => (query.state.data?.some((request) => request.rideId === rideId) ? false : 2_000) });
  const request = wallet.data?.find((candidate) => candidate.rideId === rideId);
  const decide = useMutation({
    mutationFn: (action: 'approve' | 'decline') => decideSandbox(request!.reference, action),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.sandboxWallet() });
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.ridePayment(rideId) });
    },
  });
  if (!request) return null;
  return (
    <div className="sandbox-prompt" data-testid="sandbox-prompt">
      <p className="fine-print">{t('payments.sandbox.explain')}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
          {t('payments.sandbox.approve')}
        </button>
        <button type="button" className="button button--secondary" disabled={decide.isPending} onClick={() => decide.mutate('decline')}>
          {t('payments.sandbox.decline')}
        </button>
      </div>
      {decide.isError && (
        <p className="field__error" role="alert">
          {serverMessageOr(decide.error, t('payments.pay.failed'))}
        </p>
      )}
    </div>
  );
}

/** At the ride's end, the driver says whether the rider paid the cash. */
function DriverCashActions({ rideId }: { rideId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const step = useMutation({
    mutationFn: (which: 'cash-collected' | 'cash-not-paid') => driverCashStep(rideId, which),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.ridePayment(rideId) });
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.drivers() });
    },
  });
  return (
    <div className="button-row" data-testid="driver-cash-actions">
      <button type="button" className="button button--primary" disabled={step.isPending} onClick={() => step.mutate('cash-collected')}>
        {t('payments.driver.collected')}
      </button>
      <button type="button" className="button button--secondary" disabled={step.isPending} onClick={() => step.mutate('cash-not-paid')}>
        {t('payments.driver.notPaid')}
      </button>
      {step.isError && (
        <p className="field__error" role="alert">
          {serverMessageOr(step.error, t('payments.pay.failed'))}
        </p>
      )}
    </div>
  );
}

/** The rider paid the cash but the driver has not confirmed it (or said it was not paid): an admin decides. */
function DisputeForm({ rideId }: { rideId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const send = useMutation({
    mutationFn: () => dispute(rideId, reason.trim()),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.ridePayment(rideId) });
    },
  });
  if (!open) {
    return (
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {t('payments.dispute.open')}
      </button>
    );
  }
  return (
    <form
      className="dispute-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) send.mutate();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-reason`}>
          {t('payments.dispute.reasonLabel')}
        </label>
        <textarea id={`${id}-reason`} className="input" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} required />
      </div>
      {send.isError && (
        <p className="field__error" role="alert">
          {serverMessageOr(send.error, t('payments.pay.failed'))}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={send.isPending || !reason.trim()}>
          {t('payments.dispute.send')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          {t('payments.dispute.cancel')}
        </button>
      </div>
    </form>
  );
}
