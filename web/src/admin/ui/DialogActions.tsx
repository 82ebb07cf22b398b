import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { RequestError, type AdminRequest } from './RequestError.js';

interface DialogActionsProps {
  request: AdminRequest & { isPending: boolean };
  /** Said when the request fails and the server gives no reason. */
  failedMessage: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
  onCancel(): void;
  /** Without it the confirm button submits the dialog's form. */
  onConfirm?(): void;
}

/**
 * The foot of an admin dialog: why its request failed, if it did, then Cancel and the confirm
 * button, disabled while the request is on its way.
 */
export function DialogActions({ request, failedMessage, confirmLabel, tone, onCancel, onConfirm }: DialogActionsProps) {
  const { t } = useAdminTranslation();
  return (
    <>
      <RequestError request={request} fallback={failedMessage} />
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('ui.cancel')}
        </button>
        <button type={onConfirm ? 'button' : 'submit'} className={`button button--${tone}`} onClick={onConfirm} disabled={request.isPending}>
          {confirmLabel}
        </button>
      </div>
    </>
  );
}
