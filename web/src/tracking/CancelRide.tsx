import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../toast/Toaster.js';
import type { CancellationReason } from '../../../domain/ride/values.js';
import { useRideCommand } from './useRideCommand.js';

/** Each choice on screen and the code the ride records for it (analysts count codes, not words). */
const reasonCodes = {
  changedPlans: 'changed_plans',
  waitTooLong: 'wait_too_long',
  wrongAddress: 'wrong_address',
  bookedByMistake: 'booked_by_mistake',
  other: 'other',
} as const satisfies Record<string, CancellationReason>;
type Reason = keyof typeof reasonCodes;
const reasons = Object.keys(reasonCodes) as Reason[];

/**
 * Cancel with a reason, behind a confirmation (a native modal dialog: focus is trapped and Esc
 * closes it). Offered only while the ride machine allows this party to cancel.
 */
export function CancelRide({ rideId }: { rideId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<Reason>('changedPlans');
  const [otherText, setOtherText] = useState('');
  const titleId = useId();
  const cancel = useRideCommand<{ reasonCode: CancellationReason; reason: string }>(rideId, 'cancel', t('tracking.cancel.failed'), () => {
    dialog.current?.close();
    toast({ title: t('tracking.cancel.done') });
  });
  const reasonText = reason === 'other' ? otherText.trim() : t(`tracking.cancel.reasons.${reason}`);

  return (
    <section className="card cancel-ride" aria-labelledby={`${titleId}-section`}>
      <h2 id={`${titleId}-section`}>{t('tracking.cancel.title')}</h2>
      <p className="fine-print">{t('tracking.cancel.hint')}</p>
      <button type="button" className="button button--secondary" onClick={() => dialog.current?.showModal()}>
        {t('tracking.cancel.open')}
      </button>
      <dialog ref={dialog} className="ride-dialog" aria-labelledby={titleId}>
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            if (reasonText) cancel.mutate({ reasonCode: reasonCodes[reason], reason: reasonText });
          }}
        >
          <h2 id={titleId}>{t('tracking.cancel.confirmTitle')}</h2>
          <p>{t('tracking.cancel.confirmBody')}</p>
          <fieldset>
            <legend className="field__label">{t('tracking.cancel.reason')}</legend>
            {reasons.map((option) => (
              <label key={option} className="ride-choice">
                <input type="radio" name="cancel-reason" value={option} checked={reason === option} onChange={() => setReason(option)} />
                <span>{t(`tracking.cancel.reasons.${option}`)}</span>
              </label>
            ))}
          </fieldset>
          {reason === 'other' && (
            <div className="field">
              <label className="field__label" htmlFor={`${titleId}-other`}>
                {t('tracking.cancel.otherLabel')}
              </label>
              <input id={`${titleId}-other`} className="input" maxLength={200} value={otherText} onChange={(event) => setOtherText(event.target.value)} required />
            </div>
          )}
          <div className="ride-actions">
            <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
              {t('tracking.cancel.keep')}
            </button>
            <button type="submit" className="button ride-danger" disabled={cancel.isPending || !reasonText}>
              {cancel.isPending ? t('tracking.cancel.cancelling') : t('tracking.cancel.confirm')}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
