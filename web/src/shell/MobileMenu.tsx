import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useLogout } from '../session/currentUser.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { NavLinks } from './NavLinks.js';
import { PathLink } from './PathLink.js';
import { SlideOutMenu } from './SlideOutMenu.js';
import { displayName } from './UserMenu.js';
import { useSideEntries } from './accountSides.js';
import type { CurrentUser } from '../session/currentUser.js';

/**
 * The slide-out menu for narrow screens: the same links as the header, the account's entries
 * and the language switcher. A modal dialog: Escape or the backdrop closes it, and focus returns
 * to the button that opened it.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const logout = useLogout();

  return (
    <SlideOutMenu open={open} onClose={onClose} block="mobile-menu" label={t('nav.main')} closeLabel={t('nav.closeMenu')}>
      <nav aria-label={t('nav.main')} className="mobile-menu__links">
        <Link to="/" className="nav-link" onClick={onClose}>
          {t('nav.home')}
        </Link>
        <NavLinks onNavigate={onClose} />
        {user && (
          <>
            <p className="mobile-menu__user">{displayName(user)}</p>
            <PathLink href="/profile" className="nav-link" onClick={onClose}>
              {t('nav.profile')}
            </PathLink>
            <SideLinks user={user} onClose={onClose} />
          </>
        )}
        <Link to="/accessibility" className="nav-link" onClick={onClose}>
          {t('nav.settings')}
        </Link>
        {user ? (
          <button type="button" className="nav-link" onClick={() => logout.mutate(undefined, { onSettled: onClose })}>
            {t('nav.logout')}
          </button>
        ) : (
          <PathLink href="/auth" className="button button--primary" onClick={onClose}>
            {t('nav.signIn')}
          </PathLink>
        )}
      </nav>
      <LanguageSwitcher />
    </SlideOutMenu>
  );
}

function SideLinks({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const entries = useSideEntries(user);
  return entries.map((entry) =>
    'href' in entry ? (
      <PathLink key={entry.key} href={entry.href} className="nav-link" onClick={onClose}>
        {entry.label}
      </PathLink>
    ) : (
      <button
        key={entry.key}
        type="button"
        className="nav-link"
        onClick={() => {
          onClose();
          entry.onSelect();
        }}
      >
        {entry.label}
      </button>
    ),
  );
}
