import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { postJson, serverMessageOr } from '../../api/http.js';
import type { LoginAnswer } from '../../auth/authApi.js';
import { Field, PasswordField } from '../../auth/Field.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';

/**
 * Admin email and password (spec 001 "Admin portal"): both required; the server refuses anyone
 * but an administrator; a refusal shows the server's words (or 'Login failed') in a red alert.
 */
export function AdminCredentialsForm({ onSignedIn }: { onSignedIn(answer: LoginAnswer): void }) {
  const { t } = useAdminTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missingFields, setMissingFields] = useState(false);
  const login = useMutation({
    mutationFn: () => postJson<LoginAnswer>('/api/auth/admin-login', { email: email.trim(), password }),
    onSuccess: onSignedIn,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = email.trim() === '' || password === '';
    setMissingFields(missing);
    if (!missing) login.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="admin-login-title">
      <Field label={t('login.email')} type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />
      <PasswordField label={t('login.password')} autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      {(missingFields || login.isError) && (
        <p className="auth-alert" role="alert">
          {missingFields ? t('login.fillAllFields') : serverMessageOr(login.error, t('login.failed'))}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? t('login.busy') : t('login.submit')}
      </button>
    </form>
  );
}
