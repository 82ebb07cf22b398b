import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from './authFlow.js';
import { useCopy } from './useCopy.js';

/** The otpauth URL as an SVG data URL. qrcode is imported here, so only this step downloads it. */
function useQrCode(otpauthUrl: string): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((error: unknown) => console.error('Could not draw the QR code', error));
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  return dataUrl;
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into a phone. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The authenticator-app step: QR code, the key to type in, and the ten backup codes. */
export function AppEnrolment({ enrolment, onContinue, onChangeMethod, onCancel }: { enrolment: TotpEnrolment; onContinue(): void; onChangeMethod(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const qr = useQrCode(enrolment.otpauthUrl);
  const { copied, failed, copy } = useCopy();
  return (
    <section aria-labelledby="mfa-app-title">
      <h2 id="mfa-app-title">{t('auth.mfa.appTitle')}</h2>
      <p>{t('auth.mfa.scan')}</p>
      <div className="totp-qr">{qr ? <img src={qr} width={192} height={192} alt={t('auth.mfa.qrAlt')} /> : <p role="status">{t('auth.mfa.qrLoading')}</p>}</div>
      <p>{t('auth.mfa.secretLabel')}</p>
      <p className="totp-secret">
        <code data-testid="totp-secret" data-secret={enrolment.secret}>
          {groupedSecret(enrolment.secret)}
        </code>
        <button type="button" className="button button--secondary" onClick={() => void copy('secret', enrolment.secret)}>
          {copied === 'secret' ? t('auth.mfa.copied') : t('auth.mfa.copySecret')}
        </button>
      </p>
      <h3>{t('auth.mfa.backupTitle')}</h3>
      <p>{t('auth.mfa.backupBody')}</p>
      <ol className="backup-codes">
        {enrolment.backupCodes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--secondary" onClick={() => void copy('codes', enrolment.backupCodes.join('\n'))}>
        {copied === 'codes' ? t('auth.mfa.copied') : t('auth.mfa.copyCodes')}
      </button>
      <p className="visually-hidden" role="status">
        {copied ? t('auth.mfa.copied') : ''}
      </p>
      {failed && (
        <p className="auth-alert" role="alert">
          {t('auth.mfa.copyFailed')}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onContinue}>
          {t('auth.mfa.savedCodes')}
        </button>
        <button type="button" className="button button--ghost" onClick={onChangeMethod}>
          {t('auth.mfa.otherMethod')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('auth.mfa.cancel')}
        </button>
      </div>
    </section>
  );
}
