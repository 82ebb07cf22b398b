import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '../api/http.js';
import { useToast } from '../toast/Toaster.js';
import { authApi, type CodeDelivery, type CodePurpose } from './authApi.js';
import type { MfaMethod, SessionUser } from './authState.js';
import { minutesAndSeconds, useCountdown } from './useCountdown.js';
import { codeDigits, CODE_LENGTH, isBackupCode, isCompleteCode } from './validation.js';

const DEFAULT_RESEND_SECONDS = 30;
const DEFAULT_EXPIRY_SECONDS = 300;

interface CodeEntryProps {
  userId: string;
  purpose: CodePurpose;
  method: MfaMethod | null;
  delivery: CodeDelivery | null;
  onVerified(user: SessionUser, backupCodesRemaining: number | undefined): void;
  onCodeSent(delivery: CodeDelivery): void;
  onCancel(): void;
}

/**
 * The 6-digit code (spec 001 §5: digits only, submit at exactly six), or a backup code. Sent
 * codes show where they went, when they expire, and a resend button that waits 30 s.
 */
export function CodeEntry({ userId, purpose, method, delivery, onVerified, onCodeSent, onCancel }: CodeEntryProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState('');
  const sent = method !== 'totp';
  const resendLeft = useCountdown(delivery?.resendInSeconds ?? (sent ? DEFAULT_RESEND_SECONDS : 0), delivery);
  const expiresLeft = useCountdown(delivery?.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS, delivery);
  const outbox = useQuery({ queryKey: ['auth', 'devOutbox'], queryFn: authApi.outboxAvailable, enabled: sent });

  const verify = useMutation({
    mutationFn: () => authApi.verify(userId, code.trim()),
    onSuccess: (answer) => onVerified(answer.user, answer.backupCodesRemaining),
  });
  const resend = useMutation({
    mutationFn: () => authApi.sendCode(userId, purpose),
    onSuccess: (next) => {
      toast({ title: t('auth.mfa.resent'), description: t('auth.mfa.codeSentTo', { destination: next.destination }) });
      onCodeSent(next);
    },
    onError: (error) => toast({ title: t('auth.toasts.sendFailed'), description: serverMessageOr(error, t('auth.toasts.sendFailed')), variant: 'destructive' }),
  });

  const ready = useBackup ? isBackupCode(code) : isCompleteCode(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) verify.mutate();
  };
  const switchKind = () => {
    setUseBackup((was) => !was);
    setCode('');
    verify.reset();
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="mfa-code-title">
      <h2 id="mfa-code-title">{t('auth.mfa.codeTitle')}</h2>
      <p>{sent && delivery ? t('auth.mfa.codeSentTo', { destination: delivery.destination }) : t('auth.mfa.codeFromApp')}</p>
      <div className="field">
        <label htmlFor="mfa-code" className="field__label">
          {useBackup ? t('auth.mfa.backupLabel') : t('auth.mfa.codeLabel')}
        </label>
        {useBackup ? (
          <input id="mfa-code" className="input code-input" autoComplete="off" spellCheck={false} maxLength={12} value={code} onChange={(event) => setCode(event.target.value)} />
        ) : (
          <input
            id="mfa-code"
            className="input code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CODE_LENGTH}
            value={code}
            onChange={(event) => setCode(codeDigits(event.target.value))}
          />
        )}
      </div>
      {verify.isError && (
        <p className="auth-alert" role="alert">
          {serverMessageOr(verify.error, t('auth.toasts.verifyFailed'))}
        </p>
      )}
      {sent && delivery && <p className="fine-print">{expiresLeft > 0 ? t('auth.mfa.expiresIn', { time: minutesAndSeconds(expiresLeft) }) : t('auth.mfa.expired')}</p>}
      <button type="submit" className="button button--primary button--block" disabled={!ready || verify.isPending}>
        {verify.isPending ? t('auth.mfa.verifying') : t('auth.mfa.verify')}
      </button>
      <div className="button-row">
        {sent && (
          <button type="button" className="button button--secondary" disabled={resendLeft > 0 || resend.isPending} onClick={() => resend.mutate()}>
            {resendLeft > 0 ? t('auth.mfa.resendIn', { seconds: resendLeft }) : t('auth.mfa.resend')}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={switchKind}>
          {useBackup ? t('auth.mfa.useCode') : t('auth.mfa.useBackup')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('auth.mfa.cancel')}
        </button>
      </div>
      {sent && outbox.data && (
        <p className="fine-print dev-hint">
          {t('auth.mfa.devOutbox')}{' '}
          <a href="/api/dev/outbox" target="_blank" rel="noreferrer">
            /api/dev/outbox
          </a>
        </p>
      )}
    </form>
  );
}
