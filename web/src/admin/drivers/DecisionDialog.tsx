import { useId, useState, type FormEvent } from 'react';
import { useToast } from '../../toast/Toaster.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { AdminDialog } from '../ui/AdminDialog.js';
import { DialogActions } from '../ui/DialogActions.js';
import { useDriverDecision, type ReasonRequest } from './driversApi.js';

/** The API's bounds on a reason: the driver is told it, so it says something. */
const REASON_MIN = 3;
const REASON_MAX = 500;

/** Reject or suspend, saying why (the driver sees the reason). */
export function DecisionDialog({ request, onClose }: { request: ReasonRequest | null; onClose(): void }) {
  const { t } = useAdminTranslation();
  const name = request?.driver.userName ?? request?.driver.driverId ?? '';
  return (
    <AdminDialog open={request !== null} title={request ? t(`drivers.reasonTitle.${request.kind}`, { name }) : ''} onClose={onClose}>
      {request && <ReasonForm key={`${request.driver.driverId}-${request.kind}`} request={request} onClose={onClose} />}
    </AdminDialog>
  );
}

function ReasonForm({ request, onClose }: { request: ReasonRequest; onClose(): void }) {
  const { t } = useAdminTranslation();
  const toast = useToast();
  const decision = useDriverDecision();
  const id = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const tooShort = reason.trim().length < REASON_MIN;
  const name = request.driver.userName ?? request.driver.driverId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort) return;
    decision.mutate(
      { driverId: request.driver.driverId, decision: { kind: request.kind, reason: reason.trim() } },
      {
        onSuccess: () => {
          toast({ title: t(request.kind === 'reject' ? 'drivers.rejected' : 'drivers.suspended', { name }) });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="fine-print">{t(`drivers.reasonHint.${request.kind}`)}</p>
      <div className="field">
        <label htmlFor={`${id}-reason`} className="field__label">
          {t('drivers.reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          className="input"
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          aria-invalid={touched && tooShort ? true : undefined}
          aria-describedby={touched && tooShort ? `${id}-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {touched && tooShort && (
          <p id={`${id}-error`} className="field__error">
            {t('drivers.reasonTooShort', { min: REASON_MIN })}
          </p>
        )}
      </div>
      <DialogActions request={decision} failedMessage={t('drivers.decisionFailed')} confirmLabel={t(`drivers.actions.${request.kind}`)} tone="danger" onCancel={onClose} />
    </form>
  );
}
