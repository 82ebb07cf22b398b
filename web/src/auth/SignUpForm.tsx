import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, serverMessageOr } from '../api/http.js';
import { currentLanguage } from '../i18n/setup.js';
import { useToast } from '../toast/Toaster.js';
import { authApi } from './authApi.js';
import { Field, PasswordField, ZAMBIAN_PHONE_EXAMPLE } from './Field.js';
import { fieldIssues, hasProblems, registrationOf, signUpProblems, type SignUpFields } from './validation.js';

const empty: SignUpFields = { fullName: '', email: '', username: '', phoneNumber: '', password: '', confirmPassword: '', userType: 'passenger' };

/** The combined page's registration (spec 001 §2, §5); every new account then sets up a second factor. */
export function SignUpForm({ onRegistered }: { onRegistered(userId: string): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [fields, setFields] = useState<SignUpFields>(empty);
  // Our messages (translation keys, shown translated) or the server's own words for a field.
  const [errors, setErrors] = useState<Partial<Record<keyof SignUpFields, string>>>({});
  const register = useMutation({
    mutationFn: () => authApi.register(registrationOf(fields, currentLanguage())),
    onSuccess: (answer) => {
      toast({ title: t('auth.toasts.registrationSuccess'), description: t('auth.toasts.registrationSuccessBody') });
      onRegistered(answer.userId);
    },
    onError: (error) => {
      if (error instanceof HttpError) setErrors(fieldIssues(error.body));
      toast({ title: t('auth.toasts.registrationFailed'), description: serverMessageOr(error, t('auth.toasts.registrationFailedBody')), variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = signUpProblems(fields);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])));
    if (!hasProblems(problems)) register.mutate();
  };
  const set = (field: keyof SignUpFields) => (value: string) => setFields((was) => ({ ...was, [field]: value }));

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.page.signUpTab')}>
      <Field label={t('auth.fields.fullName')} autoComplete="name" value={fields.fullName} onChange={(event) => set('fullName')(event.target.value)} error={errors.fullName} />
      <Field label={t('auth.fields.email')} type="email" autoComplete="email" value={fields.email} onChange={(event) => set('email')(event.target.value)} error={errors.email} />
      <Field label={t('auth.fields.username')} autoComplete="username" value={fields.username} onChange={(event) => set('username')(event.target.value)} error={errors.username} />
      <Field
        label={t('auth.fields.phoneNumber')}
        type="tel"
        autoComplete="tel"
        placeholder={ZAMBIAN_PHONE_EXAMPLE}
        value={fields.phoneNumber}
        onChange={(event) => set('phoneNumber')(event.target.value)}
        error={errors.phoneNumber}
      />
      <fieldset className="pricing-choice">
        <legend className="field__label">{t('auth.fields.userType')}</legend>
        {(['passenger', 'driver'] as const).map((type) => (
          <label key={type} className="pricing-choice__option">
            <input type="radio" name="user-type" value={type} checked={fields.userType === type} onChange={() => setFields((was) => ({ ...was, userType: type }))} />
            <span className="pricing-choice__title">{t(`auth.fields.${type}`)}</span>
          </label>
        ))}
      </fieldset>
      <PasswordField label={t('auth.fields.password')} autoComplete="new-password" value={fields.password} onChange={(event) => set('password')(event.target.value)} error={errors.password} />
      <PasswordField
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        value={fields.confirmPassword}
        onChange={(event) => set('confirmPassword')(event.target.value)}
        error={errors.confirmPassword}
      />
      <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
        {register.isPending ? t('auth.signUp.busy') : t('auth.signUp.submit')}
      </button>
    </form>
  );
}
