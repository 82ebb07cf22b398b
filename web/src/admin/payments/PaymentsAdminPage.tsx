import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { z } from 'zod';
import type { Payment, PaymentFailures, PaymentList, Reconciliation, Refunds } from '../../../../contract/payments.js';
import { formatZmw } from '../../../../domain/fare/money.js';
import { getJson, postJson } from '../../api/http.js';
import { PathLink } from '../../shell/PathLink.js';
import { Tabs } from '../../support/Tabs.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { RequestError } from '../ui/RequestError.js';
import '../ui/adminUi.css';

type Tab = 'payments' | 'failures' | 'refunds' | 'reconciliation';
const KEY = ['/api/admin/payments'] as const;

const when = (iso: string, language: string) => new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lusaka' });

/**
 * /admin/payments (issue 12): every payment (with a status filter), the attempts that collected
 * nothing, refunds, and the reconciliation of each mobile-money attempt against its provider (as
 * CSV too); an admin refunds mobile money and decides cash disputes here.
 */
export function PaymentsAdminPage() {
  const { t } = useAdminTranslation();
  const [tab, setTab] = useState<Tab>('payments');
  return (
    <>
      <div className="admin-page-header">
        <h1>{t('payments.title')}</h1>
        <p className="fine-print">{t('payments.intro')}</p>
      </div>
      <Tabs<Tab>
        label={t('payments.tabsLabel')}
        tabs={(['payments', 'failures', 'refunds', 'reconciliation'] as const).map((id) => ({ id, label: t(`payments.tabs.${id}`) }))}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'payments' && <AllPayments />}
        {tab === 'failures' && <Failures />}
        {tab === 'refunds' && <RefundList />}
        {tab === 'reconciliation' && <ReconciliationReport />}
      </Tabs>
    </>
  );
}

function Loading<T>({ query, children }: { query: { isPending: boolean; isError: boolean; data?: T }; children: (data: T) => React.ReactNode }) {
  const { t } = useAdminTranslation();
  if (query.isPending) return <p role="status">{t('payments.loading')}</p>;
  if (query.isError || query.data === undefined) return <p className="notice" role="alert">{t('payments.failed')}</p>;
  return <>{children(query.data)}</>;
}

function AllPayments() {
  const { t, i18n } = useAdminTranslation();
  const id = useId();
  const [status, setStatus] = useState('');
  const query = useQuery({
    queryKey: [...KEY, 'list', status],
    queryFn: () => getJson<z.infer<typeof PaymentList>>(`/api/admin/payments?limit=100${status ? `&status=${status}` : ''}`),
  });
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          {t('payments.statusFilter')}
        </label>
        <select id={`${id}-status`} className="input" value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">{t('payments.any')}</option>
          {(['requested', 'awaitingApproval', 'succeeded', 'failed', 'expired', 'disputed', 'refundRequested', 'refunded', 'cancelled'] as const).map((value) => (
            <option key={value} value={value}>
              {t(`payments.statuses.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <Loading query={query}>
        {(data) =>
          data.payments.length === 0 ? (
            <p className="empty-state">{t('payments.empty')}</p>
          ) : (
            <ul className="admin-list" data-testid="admin-payments">
              {data.payments.map((payment) => (
                <li key={payment.rideId} className="card">
                  <p>
                    <strong>{formatZmw(payment.amountNgwee)}</strong> · {t(`payments.statuses.${payment.status}`)} · {payment.settledMethod ?? payment.method}
                  </p>
                  <p className="fine-print">
                    {when(payment.requestedAt, i18n.language)} · <PathLink href={`/admin/rides/${payment.rideId}`}>{payment.rideId}</PathLink>
                    {payment.providerReference && <> · {payment.providerReference}</>}
                  </p>
                  {payment.status === 'disputed' && <ResolveDispute payment={payment} />}
                  {payment.status === 'succeeded' && payment.settledMethod !== 'cash' && payment.refundedNgwee < payment.amountNgwee && <RefundForm payment={payment} />}
                </li>
              ))}
            </ul>
          )
        }
      </Loading>
    </>
  );
}

function RefundForm({ payment }: { payment: Payment }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(((payment.amountNgwee - payment.refundedNgwee) / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const refund = useMutation({
    mutationFn: () => postJson(`/api/admin/payments/${encodeURIComponent(payment.rideId)}/refunds`, { amount: Number(amount), reason: reason.trim() }),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  if (!open) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('payments.refund.open')}
      </button>
    );
  }
  return (
    <form
      className="admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        refund.mutate();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-amount`}>
          {t('payments.refund.amount')}
        </label>
        <input id={`${id}-amount`} className="input" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-reason`}>
          {t('payments.refund.reason')}
        </label>
        <input id={`${id}-reason`} className="input" value={reason} required onChange={(event) => setReason(event.target.value)} />
      </div>
      <RequestError request={refund} fallback={t('payments.actionFailed')} />
      <button type="submit" className="button button--primary" disabled={refund.isPending || !reason.trim()}>
        {t('payments.refund.send')}
      </button>
    </form>
  );
}

function ResolveDispute({ payment }: { payment: Payment }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const resolve = useMutation({
    mutationFn: (outcome: 'paid' | 'not_paid') => postJson(`/api/admin/payments/${encodeURIComponent(payment.rideId)}/dispute`, { outcome, note: note.trim() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <div className="admin-form">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-note`}>
          {t('payments.dispute.note')}
        </label>
        <input id={`${id}-note`} className="input" value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <RequestError request={resolve} fallback={t('payments.actionFailed')} />
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={resolve.isPending || !note.trim()} onClick={() => resolve.mutate('paid')}>
          {t('payments.dispute.paid')}
        </button>
        <button type="button" className="button button--secondary" disabled={resolve.isPending || !note.trim()} onClick={() => resolve.mutate('not_paid')}>
          {t('payments.dispute.notPaid')}
        </button>
      </div>
    </div>
  );
}

function Failures() {
  const { t, i18n } = useAdminTranslation();
  const query = useQuery({ queryKey: [...KEY, 'failures'], queryFn: () => getJson<z.infer<typeof PaymentFailures>>('/api/admin/payments/failures?limit=100') });
  return (
    <Loading query={query}>
      {(data) =>
        data.failures.length === 0 ? (
          <p className="empty-state">{t('payments.emptyFailures')}</p>
        ) : (
          <ul className="admin-list">
            {data.failures.map((failure) => (
              <li key={`${failure.rideId}/${failure.attempt}`} className="card">
                <p>
                  <strong>{formatZmw(failure.amountNgwee)}</strong> · {failure.method} · {t(`payments.reasons.${failure.reason}`)}
                </p>
                <p className="fine-print">
                  {when(failure.failedAt, i18n.language)} · <PathLink href={`/admin/rides/${failure.rideId}`}>{failure.rideId}</PathLink>
                  {failure.detail && <> · {failure.detail}</>}
                </p>
              </li>
            ))}
          </ul>
        )
      }
    </Loading>
  );
}

function RefundList() {
  const { t, i18n } = useAdminTranslation();
  const query = useQuery({ queryKey: [...KEY, 'refunds'], queryFn: () => getJson<z.infer<typeof Refunds>>('/api/admin/payments/refunds?limit=100') });
  return (
    <Loading query={query}>
      {(data) =>
        data.refunds.length === 0 ? (
          <p className="empty-state">{t('payments.emptyRefunds')}</p>
        ) : (
          <ul className="admin-list">
            {data.refunds.map((refund) => (
              <li key={refund.refundReference} className="card">
                <p>
                  <strong>{formatZmw(refund.amountNgwee)}</strong> · {t(`payments.refundStatuses.${refund.status}`)} · {refund.reason}
                </p>
                <p className="fine-print">
                  {when(refund.requestedAt, i18n.language)} · <PathLink href={`/admin/rides/${refund.rideId}`}>{refund.rideId}</PathLink>
                </p>
              </li>
            ))}
          </ul>
        )
      }
    </Loading>
  );
}

function ReconciliationReport() {
  const { t } = useAdminTranslation();
  const query = useQuery({ queryKey: [...KEY, 'reconciliation'], queryFn: () => getJson<z.infer<typeof Reconciliation>>('/api/admin/payments/reconciliation') });
  return (
    <>
      <p>
        <a className="button button--secondary" href="/api/admin/payments/reconciliation.csv" download>
          {t('payments.csv')}
        </a>
      </p>
      <Loading query={query}>
        {(data) => (
          <>
            <p>{t('payments.reconciliationSummary', { match: data.counts.match ?? 0, mismatch: data.counts.mismatch ?? 0, pending: data.counts.pending ?? 0 })}</p>
            {data.lines.length === 0 ? (
              <p className="empty-state">{t('payments.emptyReconciliation')}</p>
            ) : (
              <div className="earnings__scroll" tabIndex={0} role="region" aria-label={t('payments.tabs.reconciliation')}>
                <table className="earnings__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('payments.columns.ride')}</th>
                      <th scope="col">{t('payments.columns.amount')}</th>
                      <th scope="col">{t('payments.columns.ledger')}</th>
                      <th scope="col">{t('payments.columns.provider')}</th>
                      <th scope="col">{t('payments.columns.verdict')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.lines.map((line) => (
                      <tr key={line.reference}>
                        <th scope="row">{line.rideId}</th>
                        <td>{formatZmw(line.amountNgwee)}</td>
                        <td>{line.ledgerStatus}</td>
                        <td>{line.providerStatus}</td>
                        <td>{t(`payments.verdicts.${line.verdict}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </Loading>
    </>
  );
}
