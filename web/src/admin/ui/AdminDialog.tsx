import { useId, type ReactNode } from 'react';
import { useModalDialog } from '../../shell/useModalDialog.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';

interface AdminDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal over the admin screens: a native <dialog> (focus is trapped and Escape closes it),
 * shown while `open`; focus goes back to what opened it when it closes.
 */
export function AdminDialog({ open, title, onClose, children }: AdminDialogProps) {
  const { t } = useAdminTranslation();
  const dialogProps = useModalDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog {...dialogProps} className="admin-dialog" aria-labelledby={titleId}>
      <div className="admin-dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button--ghost" onClick={onClose} aria-label={t('ui.close')}>
          ×
        </button>
      </div>
      {open && children}
    </dialog>
  );
}
