import type { SessionUser } from '../../auth/authState.js';
import { PathLink } from '../../shell/PathLink.js';
import { SlideOutMenu } from '../../shell/SlideOutMenu.js';
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

  return (
    <SlideOutMenu open={open} onClose={onClose} block="admin-menu" label={t('shell.navLabel')} closeLabel={t('shell.closeMenu')}>
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
    </SlideOutMenu>
  );
}
