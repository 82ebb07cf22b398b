import { useEffect, useRef } from 'react';
import type { SessionUser } from '../../auth/authState.js';
import { PathLink } from '../../shell/PathLink.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { AdminNavLinks } from './AdminNavLinks.js';

interface AdminMenuProps {
  open: boolean;
  admin: SessionUser;
  onClose(): void;
  onSignOut(): void;
}

/**
 * The navigation on a narrow screen: a modal dialog with the destinations, the account and the
 * View App and Sign Out buttons. Escape or the backdrop closes it; focus returns to the menu button.
 */
export function AdminMenu({ open, admin, onClose, onSignOut }: AdminMenuProps) {
  const { t } = useAdminTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="admin-menu"
      aria-label={t('shell.navLabel')}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="admin-menu__panel">
        <button type="button" className="button button--ghost admin-menu__close" onClick={onClose} aria-label={t('shell.closeMenu')}>
          ×
        </button>
        <p className="admin-menu__account">
          <strong>{admin.fullName}</strong>
          <span className="fine-print">{admin.email}</span>
          <span className="badge">{t('shell.adminBadge')}</span>
        </p>
        <nav aria-label={t('shell.navLabel')} className="admin-nav">
          <AdminNavLinks onNavigate={onClose} />
        </nav>
        <div className="admin-menu__actions">
          <PathLink href="/" className="button button--secondary" onClick={onClose}>
            {t('shell.viewApp')}
          </PathLink>
          <button type="button" className="button button--ghost" onClick={onSignOut}>
            {t('shell.signOut')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
