import { useRouterState } from '@tanstack/react-router';
import { PathLink } from '../../shell/PathLink.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';

const destinations = [
  { key: 'dashboard', href: '/admin' },
  { key: 'users', href: '/admin/users' },
  { key: 'drivers', href: '/admin/drivers' },
  { key: 'incidents', href: '/admin/incidents' },
  { key: 'rides', href: '/admin/rides' },
  { key: 'payments', href: '/admin/payments' },
  { key: 'support', href: '/admin/support' },
  { key: 'analytics', href: '/admin/analytics' },
  { key: 'settings', href: '/admin/settings' },
] as const;

/** Where a path belongs in the navigation: /admin/rides/ride-1 is under Rides; only /admin itself is the Dashboard. */
export const isCurrentSection = (pathname: string, href: string): boolean =>
  href === '/admin' ? pathname.replace(/\/$/, '') === '/admin' : pathname === href || pathname.startsWith(`${href}/`);

/** The portal's destinations (spec 001 "Admin portal" shell); the current section is marked for screen readers too. */
export function AdminNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useAdminTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <ul className="admin-nav__list">
      {destinations.map(({ key, href }) => (
        <li key={key}>
          <PathLink
            href={href}
            className="admin-nav__link"
            aria-current={isCurrentSection(pathname, href) ? 'page' : undefined}
            onClick={onNavigate}
          >
            {t(`shell.nav.${key}`)}
          </PathLink>
        </li>
      ))}
    </ul>
  );
}
