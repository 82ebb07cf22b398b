import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddMethodBody, SavedMethod, SavedMethods } from '../../../contract/payments.js';
import { formatZmw } from '../../../domain/fare/money.js';
import { getJson, postJson, requestJson, serverMessageOr } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import { useLiveUpdates } from '../live/useLiveUpdates.js';
import { PageMeta } from '../seo/PageMeta.js';
import { useMethodName } from './methodNames.js';
import { decideSandbox, myPaymentsQueryOptions, offeredMethodsQueryOptions, sandboxWalletQueryOptions, type Payment } from './paymentsApi.js';
import './payments.css';

const savedMethodsKey = [...liveQueryKeys.myPayments(), 'methods'] as const;

/**
 * /payments (spec 001 "Payment Integration", issue 12): the rider's payments, each with its ride
 * and status, and a way to pay what is still owed; saved accounts with their Default and Verified
 * badges; what can be paid with here; an honest word on security. Never a PIN or card number:
 * mobile money is approved on the payer's own phone. Outside production the sandbox's
 * development wallet stands in for that phone.
 */
export function PaymentsPage({ user }: { user: { id: string; userType: string } }) {
  const { t } = useTranslation();
  useLiveUpdates({ userId: user.id });
  return (
    <div className="page payments-page" data-testid="payments-page">
      <PageMeta title={t('payments.page.metaTitle')} description={t('payments.page.metaDescription')} />
      <h1>{t('payments.page.title')}</h1>
      <p>{t('payments.page.intro')}</p>
      {user.userType === 'passenger' && (
        <>
          <SandboxWallet />
          <MyPayments />
        </>
      )}
      <SavedAccounts />
      <WhatWeTake />
      <section className="card" aria-labelledby="payments-security">
        <h2 id="payments-security">{t('payments.page.securityTitle')}</h2>
        <p>{t('payments.page.securityBody')}</p>
        <p className="fine-print">{t('payments.page.securityLimits')}</p>
      </section>
    </div>
  );
}

function MyPayments() {
  const { t, i18n } = useTranslation();
  const methodName = useMethodName();
  const payments = useQuery(myPaymentsQueryOptions());
  return (
    <section className="card" aria-labelledby="payments-mine">
      <h2 id="payments-mine">{t('payments.page.mineTitle')}</h2>
      {payments.isPending ? (
        <p role="status">{t('payments.panel.loading')}</p>
      ) : payments.isError ? (
        <p className="notice" role="alert">
          {t('payments.panel.failed')}
        </p>
      ) : payments.data.payments.length === 0 ? (
        <p className="empty-state">{t('payments.page.mineEmpty')}</p>
      ) : (
        <ul className="payment-list">
          {payments.data.payments.map((payment: Payment) => (
            <li key={payment.rideId} className="payment-list__item" data-testid={`payment-${payment.rideId}`}>
              <span>
                <span className={`badge ${payment.status === 'succeeded' ? 'badge--success' : payment.status === 'failed' || payment.status === 'expired' ? 'badge--danger' : 'badge--muted'}`}>
                  {t(`payments.status.${payment.status}`)}
                </span>{' '}
                <strong>{formatZmw(payment.amountNgwee)}</strong> · {methodName(payment.settledMethod ?? payment.method)}
              </span>
              <span className="fine-print">
                {new Date(payment.requestedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lusaka' })}
              </span>
              <Link to="/rides/$rideId" params={{ rideId: payment.rideId }}>
                {payment.status === 'failed' || payment.status === 'expired' ? t('payments.page.payNow') : t('payments.page.openRide')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The sandbox's pending requests, approved or declined as the payer's phone would; absent when a real provider collects. */
function SandboxWallet() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const methodName = useMethodName();
  const wallet = useQuery(sandboxWalletQueryOptions());
  const decide = useMutation({
    mutationFn: ({ reference, action }: { reference: string; action: 'approve' | 'decline' }) => decideSandbox(reference, action),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: liveQueryKeys.myPayments() }).then(() => queryClient.invalidateQueries({ queryKey: liveQueryKeys.sandboxWallet() })),
  });
  if (!wallet.data) return null;
  return (
    <section className="card card--highlight" aria-labelledby="payments-sandbox" data-testid="sandbox-wallet">
      <h2 id="payments-sandbox">{t('payments.sandbox.title')}</h2>
      <p className="fine-print">{t('payments.sandbox.pageExplain')}</p>
      {wallet.data.length === 0 ? (
        <p className="empty-state">{t('payments.sandbox.empty')}</p>
      ) : (
        <ul className="payment-list">
          {wallet.data.map((request) => (
            <li key={request.reference} className="payment-list__item">
              <span>
                <strong>{formatZmw(request.amountNgwee)}</strong> · {methodName(request.method)} · {request.msisdn}
              </span>
              <div className="button-row">
                <button type="button" className="button button--primary" disabled={decide.isPending} onClick={() => decide.mutate({ reference: request.reference, action: 'approve' })}>
                  {t('payments.sandbox.approve')}
                </button>
                <button type="button" className="button button--secondary" disabled={decide.isPending} onClick={() => decide.mutate({ reference: request.reference, action: 'decline' })}>
                  {t('payments.sandbox.decline')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedAccounts() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const catalogue = useQuery(offeredMethodsQueryOptions());
  const methods = useQuery({ queryKey: savedMethodsKey, queryFn: async () => (await getJson<SavedMethods>('/api/payments/methods')).methods });
  const [provider, setProvider] = useState<AddMethodBody['provider']>('mtn_money');
  const [accountNumber, setAccountNumber] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: savedMethodsKey });
  const add = useMutation({
    mutationFn: () => postJson<SavedMethod>('/api/payments/methods', { provider, accountNumber: accountNumber.trim(), isDefault } satisfies AddMethodBody),
    onSuccess: () => {
      setAccountNumber('');
      refresh();
    },
  });
  const remove = useMutation({ mutationFn: (methodId: string) => requestJson<void>('DELETE', `/api/payments/methods/${encodeURIComponent(methodId)}`), onSuccess: refresh });
  return (
    <section className="card" aria-labelledby="payments-saved">
      <h2 id="payments-saved">{t('payments.saved.title')}</h2>
      {methods.isPending ? (
        <p role="status">{t('payments.panel.loading')}</p>
      ) : methods.isError ? (
        <p className="notice" role="alert">
          {t('payments.panel.failed')}
        </p>
      ) : methods.data.length === 0 ? (
        <p className="empty-state">{t('payments.saved.empty')}</p>
      ) : (
        <ul className="payment-list">
          {methods.data.map((method) => (
            <li key={method.id} className="payment-list__item" data-testid="saved-method">
              <span>
                <strong>{method.providerName}</strong> {method.accountNumber}{' '}
                {method.isDefault && <span className="badge">{t('payments.saved.default')}</span>}{' '}
                <span className={`badge ${method.isVerified ? 'badge--success' : 'badge--muted'}`}>{method.isVerified ? t('payments.saved.verified') : t('payments.saved.pending')}</span>
              </span>
              <button type="button" className="link-button" disabled={remove.isPending} onClick={() => remove.mutate(method.id)}>
                {t('payments.saved.remove', { name: method.providerName })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="pay-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (accountNumber.trim()) add.mutate();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-provider`}>
            {t('payments.saved.provider')}
          </label>
          <select id={`${id}-provider`} className="input" value={provider} onChange={(event) => setProvider(event.target.value as AddMethodBody['provider'])}>
            {(catalogue.data?.providers ?? [{ id: 'mtn_money' as const, name: 'MTN Mobile Money', type: 'mobile_money' as const }]).map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-account`}>
            {t('payments.saved.account')}
          </label>
          <input id={`${id}-account`} className="input" value={accountNumber} autoComplete="off" onChange={(event) => setAccountNumber(event.target.value)} />
        </div>
        <label className="pay-form__choice">
          <input type="checkbox" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
          <span>{t('payments.saved.makeDefault')}</span>
        </label>
        {add.isError && (
          <p className="field__error" role="alert">
            {serverMessageOr(add.error, t('payments.pay.failed'))}
          </p>
        )}
        <button type="submit" className="button button--secondary" disabled={add.isPending || !accountNumber.trim()}>
          {t('payments.saved.add')}
        </button>
      </form>
    </section>
  );
}

/** The three info cards: which wallets, banks and digital wallets there are, and which this platform collects today. */
function WhatWeTake() {
  const { t } = useTranslation();
  const methodName = useMethodName();
  const catalogue = useQuery(offeredMethodsQueryOptions());
  const providers = catalogue.data?.providers ?? [];
  const offered = new Set((catalogue.data?.paymentMethods ?? []).filter((method) => method.isAvailable).map((method) => method.id as string));
  return (
    <div className="payments-page__grid">
      <section className="card" aria-labelledby="payments-mobile">
        <h2 id="payments-mobile">{t('payments.info.mobileTitle')}</h2>
        <ul>
          {(['airtel_money', 'mtn_money', 'zamtel_kwacha'] as const).map((method) => (
            <li key={method}>
              {methodName(method)} — {offered.has(method) ? t('payments.info.collected') : t('payments.info.notCollected')}
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="payments-banks">
        <h2 id="payments-banks">{t('payments.info.banksTitle')}</h2>
        <ul>
          {providers.filter((entry) => entry.type === 'bank').map((entry) => (
            <li key={entry.id}>{entry.name}</li>
          ))}
        </ul>
        <p className="fine-print">{t('payments.info.banksNote')}</p>
      </section>
      <section className="card" aria-labelledby="payments-wallets">
        <h2 id="payments-wallets">{t('payments.info.walletsTitle')}</h2>
        <ul>
          {providers.filter((entry) => entry.type === 'digital_wallet').map((entry) => (
            <li key={entry.id}>{entry.name}</li>
          ))}
        </ul>
        <p className="fine-print">{t('payments.info.walletsNote')}</p>
      </section>
    </div>
  );
}
