import { Navigate, Outlet, useRouter } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { SessionUser } from '../../auth/authState.js';
import { PageMeta } from '../../seo/PageMeta.js';
import { useLogout } from '../../session/currentUser.js';
import { PathLink } from '../../shell/PathLink.js';
import { Menu } from '../../shell/icons.js';
import { useAdminAccess, useRecheckAccessOnSessionLoss } from '../access/adminAccess.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import '../../auth/auth.css';
import '../admin.css';
import { AdminMenu } from './AdminMenu.js';
import { AdminNavLinks } from './AdminNavLinks.js';
import { IncidentAlerts } from '../incidents/IncidentAlerts.js';

/**
 * The admin portal's frame (spec 001 "Admin portal"): only for an administrator whose session the
 * server confirms, second factor included — anyone else goes to /admin/login. The server refuses
 * every admin call by itself anyway; this keeps the portal from showing to those it would refuse.
 */
export function AdminLayout() {
  const { t } = useAdminTranslation();
  const access = useAdminAccess();
  useRecheckAccessOnSessionLoss();

  if (access.isPending) {
    return (
      <AdminGate>
        <p role="status" className="admin-gate__status">
          <span className="spinner" aria-hidden="true" /> {t('shell.verifying')}
        </p>
      </AdminGate>
    );
  }
  // A failed re-check keeps the answer it had; only a first check that failed has nothing to show.
  if (!access.data) {
    return (
      <AdminGate>
        <p role="alert">{t('shell.checkFailed')}</p>
        <button type="button" className="button button--primary" onClick={() => void access.refetch()}>
          {t('shell.retry')}
        </button>
      </AdminGate>
    );
  }
  if (access.data.kind === 'denied') return <Navigate to="/admin/login" replace />;
  return <AdminShell admin={access.data.admin} />;
}

function AdminGate({ children }: { children: ReactNode }) {
  const { t } = useAdminTranslation();
  return (
    <main id="main" tabIndex={-1} className="admin-gate">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <h1 className="visually-hidden">{t('shell.portal')}</h1>
      <div className="card admin-gate__card">{children}</div>
    </main>
  );
}

function AdminShell({ admin }: { admin: SessionUser }) {
  const { t } = useAdminTranslation();
  const router = useRouter();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const signOut = () => {
    setMenuOpen(false);
    logout.mutate(undefined, { onSettled: () => router.history.push('/admin/login') });
  };

  return (
    <div className="admin-shell">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <a href="#main" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <header className="admin-header">
        <button
          type="button"
          className="button button--ghost admin-header__menu-button"
          aria-label={t('shell.openMenu')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Menu />
        </button>
        <PathLink href="/admin" className="logo admin-header__logo">
          <span className="logo__mark" aria-hidden="true">
            T
          </span>
          <span className="logo__text">{t('shell.portal')}</span>
        </PathLink>
        <span className="badge badge--success admin-header__status">
          <span className="admin-header__dot" aria-hidden="true" />
          {t('shell.systemOnline')}
        </span>
        <div className="admin-header__end">
          <p className="admin-header__account">
            <span className="admin-header__name">{admin.fullName}</span>
            <span className="fine-print admin-header__email">{admin.email}</span>
          </p>
          <span className="badge">{t('shell.adminBadge')}</span>
          <PathLink href="/" className="button button--secondary">
            {t('shell.viewApp')}
          </PathLink>
          <button type="button" className="button button--ghost" onClick={signOut}>
            {t('shell.signOut')}
          </button>
        </div>
      </header>
      <IncidentAlerts adminId={admin.id} />
      <div className="admin-body">
        <nav aria-label={t('shell.navLabel')} className="admin-nav admin-sidebar">
          <AdminNavLinks />
        </nav>
        <main id="main" tabIndex={-1} className="admin-main">
          <Outlet />
        </main>
      </div>
      <AdminMenu open={menuOpen} admin={admin} onClose={() => setMenuOpen(false)} onSignOut={signOut} />
    </div>
  );
}
