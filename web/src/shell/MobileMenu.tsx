import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useLogout } from '../session/currentUser.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { NavLinks } from './NavLinks.js';
import { PathLink } from './PathLink.js';
import { displayName } from './UserMenu.js';

/**
 * The slide-out menu for narrow screens: the same links as the header, the account's entries
 * and the language switcher. A modal dialog: Escape or the backdrop closes it, and focus returns
 * to the button that opened it.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const logout = useLogout();
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
      className="mobile-menu"
      aria-label={t('nav.main')}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="mobile-menu__panel">
        <button type="button" className="button button--ghost mobile-menu__close" onClick={onClose} aria-label={t('nav.closeMenu')}>
          ×
        </button>
        <nav aria-label={t('nav.main')} className="mobile-menu__links">
          <Link to="/" className="nav-link" onClick={onClose}>
            {t('nav.home')}
          </Link>
          <NavLinks onNavigate={onClose} />
          {user ? (
            <>
              <p className="mobile-menu__user">{displayName(user)}</p>
              <PathLink href="/profile" className="nav-link" onClick={onClose}>
                {t('nav.profile')}
              </PathLink>
              {user.userType === 'driver' && (
                <PathLink href="/driver" className="nav-link" onClick={onClose}>
                  {t('nav.driverDashboard')}
                </PathLink>
              )}
              <Link to="/accessibility" className="nav-link" onClick={onClose}>
                {t('nav.settings')}
              </Link>
              <button type="button" className="nav-link" onClick={() => logout.mutate(undefined, { onSettled: onClose })}>
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <>
              <Link to="/accessibility" className="nav-link" onClick={onClose}>
                {t('nav.settings')}
              </Link>
              <PathLink href="/auth" className="button button--primary" onClick={onClose}>
                {t('nav.signIn')}
              </PathLink>
            </>
          )}
        </nav>
        <LanguageSwitcher />
      </div>
    </dialog>
  );
}
