import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '../api/http.js';
import { authApi, type MfaEnrolment } from './authApi.js';
import type { MfaMethod } from './authState.js';
import { Field, ZAMBIAN_PHONE_EXAMPLE } from './Field.js';

/** SMS or an authenticator app (spec 001 §9); SMS may name the number to use. */
export function ChooseMethod({ userId, onEnrolled, onCancel }: { userId: string; onEnrolled(enrolment: MfaEnrolment): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<MfaMethod>('totp');
  const [phone, setPhone] = useState('');
  const setup = useMutation({
    mutationFn: () => authApi.setupMfa(userId, method, method === 'sms' ? phone.trim() : undefined),
    onSuccess: onEnrolled,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setup.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="mfa-choose-title">
      <h2 id="mfa-choose-title">{t('auth.mfa.chooseTitle')}</h2>
      <p>{t('auth.mfa.chooseBody')}</p>
      <fieldset className="pricing-choice">
        <legend className="visually-hidden">{t('auth.mfa.chooseTitle')}</legend>
        {(
          [
            ['totp', 'auth.mfa.app', 'auth.mfa.appHint'],
            ['sms', 'auth.mfa.sms', 'auth.mfa.smsHint'],
          ] as const
        ).map(([value, title, hint]) => (
          <label key={value} className="pricing-choice__option">
            <input type="radio" name="mfa-method" value={value} checked={method === value} onChange={() => setMethod(value)} />
            <span>
              <span className="pricing-choice__title">{t(title)}</span>
              <span className="pricing-choice__hint">{t(hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {method === 'sms' && (
        <Field
          label={t('auth.mfa.smsPhone')}
          type="tel"
          autoComplete="tel"
          placeholder={ZAMBIAN_PHONE_EXAMPLE}
          hint={t('auth.mfa.smsPhoneHint')}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
      )}
      {setup.isError && (
        <p className="auth-alert" role="alert">
          {serverMessageOr(setup.error, t('auth.toasts.setupFailed'))}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={setup.isPending}>
          {setup.isPending ? t('auth.mfa.busy') : t('auth.mfa.continue')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('auth.mfa.cancel')}
        </button>
      </div>
    </form>
  );
}
