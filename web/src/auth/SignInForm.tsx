import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '../api/http.js';
import { useToast } from '../toast/Toaster.js';
import { authApi, type LoginAnswer } from './authApi.js';
import { Field, PasswordField } from './Field.js';
import { hasProblems, signInProblems, type Problems, type SignInFields } from './validation.js';

/** Email and password; on success the flow moves on to the second factor. */
export function SignInForm({ initialEmail = '', onSignedIn }: { initialEmail?: string; onSignedIn(answer: LoginAnswer): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [fields, setFields] = useState<SignInFields>({ email: initialEmail, password: '' });
  const [problems, setProblems] = useState<Problems<keyof SignInFields>>({});
  const login = useMutation({
    mutationFn: () => authApi.login(fields.email.trim(), fields.password),
    onSuccess: onSignedIn,
    onError: (error) =>
      toast({ title: t('auth.toasts.loginFailed'), description: serverMessageOr(error, t('auth.toasts.loginFailedBody')), variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = signInProblems(fields);
    setProblems(found);
    if (!hasProblems(found)) login.mutate();
  };
  const set = (field: keyof SignInFields) => (value: string) => setFields((was) => ({ ...was, [field]: value }));

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.page.signInTab')}>
      <Field
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={(event) => set('email')(event.target.value)}
        error={problems.email && t(problems.email)}
      />
      <PasswordField
        label={t('auth.fields.password')}
        autoComplete="current-password"
        value={fields.password}
        onChange={(event) => set('password')(event.target.value)}
        error={problems.password && t(problems.password)}
      />
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? t('auth.signIn.busy') : t('auth.signIn.submit')}
      </button>
    </form>
  );
}
