import { Link } from '@tanstack/react-router';
import { Menu } from './icons.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/currentUser.js';
import { ActiveRideBar } from './ActiveRideBar.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { MobileMenu } from './MobileMenu.js';
import { NavLinks } from './NavLinks.js';
import { PathLink } from './PathLink.js';
import { UserMenu } from './UserMenu.js';

/** Logo, destinations, language and account (spec 000 §2.3). Below 768 px the links move into the slide-out menu. */
export function TopNav() {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="top-nav">
      <div className="top-nav__inner">
        <Link to="/" className="logo">
          <span className="logo__mark" aria-hidden="true">
            T
          </span>
          <span className="logo__text">{t('app.name')}</span>
          <span className="visually-hidden"> ({t('nav.home')})</span>
        </Link>
        <nav aria-label={t('nav.main')} className="top-nav__links">
          <NavLinks />
        </nav>
        <div className="top-nav__end">
          <div className="top-nav__wide-only">
            <LanguageSwitcher />
          </div>
          {isPending ? (
            <span className="account-placeholder" aria-hidden="true" />
          ) : user ? (
            <UserMenu user={user} />
          ) : (
            <PathLink href="/auth" className="button button--primary top-nav__sign-in">
              {t('nav.signIn')}
            </PathLink>
          )}
          <button
            type="button"
            className="button button--ghost top-nav__menu-button"
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" size={22} />
          </button>
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <ActiveRideBar />
    </header>
  );
}
