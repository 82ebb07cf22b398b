import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobileMoneyMethod, payableMethods, type PayableMethod } from '../../../domain/catalogue/payments.js';
import { formatZmw } from '../../../domain/fare/money.js';
import { serverMessageOr } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import { networkPrefixes, payerPhoneProblem, useMethodName } from './methodNames.js';
import { offeredMethodsQueryOptions, pay } from './paymentsApi.js';

const isPayable = (method: string): method is PayableMethod => (payableMethods as readonly string[]).includes(method);

/**
 * Pay a completed ride, or pay again after a decline or an expiry: a mobile-money wallet (the
 * number whose phone is asked to approve: never a PIN) or cash to the driver. Only the methods a
 * provider collects here are offered.
 */
export function PayForm({ rideId, amountNgwee, suggested, retry }: { rideId: string; amountNgwee: number | null; suggested: string; retry: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const methodName = useMethodName();
  const offered = useQuery(offeredMethodsQueryOptions());
  const choices = payableMethods.filter((method) => method === 'cash' || offered.data?.paymentMethods.some((entry) => entry.id === method && entry.isAvailable));
  const [method, setMethod] = useState<PayableMethod>(isPayable(suggested) ? suggested : 'cash');
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = payerPhoneProblem(method, phone);
  const submit = useMutation({
    mutationFn: () => pay(rideId, isMobileMoneyMethod(method) ? { method, phoneNumber: phone.trim() } : { method }),
    onSuccess: (answer) => {
      queryClient.setQueryData(liveQueryKeys.ridePayment(rideId), (was: { payment: unknown } | undefined) => (was ? { ...was, payment: answer.payment } : was));
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.ridePayment(rideId) });
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.myPayments() });
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.sandboxWallet() });
    },
  });
  const showProblem = touched && problem !== null;
  const prefixes = isMobileMoneyMethod(method) ? networkPrefixes[method] : '';
  return (
    <form
      className="pay-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (problem === null) submit.mutate();
      }}
      data-testid="pay-form"
    >
      <fieldset className="pay-form__methods">
        <legend className="field__label">{retry ? t('payments.pay.retryLegend') : t('payments.pay.legend')}</legend>
        {(choices.length > 0 ? choices : (['cash'] as const)).map((choice) => (
          <label key={choice} className="pay-form__choice">
            <input type="radio" name={`${id}-method`} value={choice} checked={method === choice} onChange={() => setMethod(choice)} />
            <span>{methodName(choice)}</span>
          </label>
        ))}
      </fieldset>
      {isMobileMoneyMethod(method) && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-phone`}>
            {t('payments.pay.phoneLabel', { method: methodName(method) })}
          </label>
          <input
            id={`${id}-phone`}
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            aria-invalid={showProblem}
            aria-describedby={`${id}-hint${showProblem ? ` ${id}-error` : ''}`}
            onChange={(event) => setPhone(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          <p id={`${id}-hint`} className="fine-print">
            {t('payments.pay.phoneHint', { prefixes })}
          </p>
          {showProblem && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {t(`payments.pay.phoneProblems.${problem}`, { method: methodName(method), prefixes })}
            </p>
          )}
        </div>
      )}
      {submit.isError && (
        <p className="field__error" role="alert">
          {serverMessageOr(submit.error, t('payments.pay.failed'))}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={submit.isPending}>
        {submit.isPending
          ? t('payments.pay.sending')
          : method === 'cash'
            ? t('payments.pay.cashButton')
            : t('payments.pay.button', { amount: amountNgwee === null ? '' : formatZmw(amountNgwee) })}
      </button>
      <p className="fine-print">{t('payments.pay.noPin')}</p>
    </form>
  );
}
