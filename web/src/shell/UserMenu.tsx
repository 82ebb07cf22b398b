import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLogout, type CurrentUser } from '../session/currentUser.js';
import { useSideEntries } from './accountSides.js';
import { PathLink } from './PathLink.js';
import { useMenuButton } from './useMenuButton.js';

export const displayName = (user: CurrentUser): string => user.username ?? user.fullName;

/** Profile, a rider's rides or the driver dashboard (and the switch between them), settings and log out (spec 000 §2.3). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { open, close, buttonProps, menuProps } = useMenuButton();
  const logout = useLogout();
  const navigate = useNavigate();
  const name = displayName(user);
  const sides = useSideEntries(user);

  return (
    <div className="menu-button user-menu">
      <button {...buttonProps} className="button button--ghost">
        <span className="avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="user-menu__name">{name}</span>
        <span className="visually-hidden"> ({t('nav.accountMenu', { name })})</span>
      </button>
      {open && (
        <ul {...menuProps} aria-label={t('nav.accountMenu', { name })} className="menu menu--end">
          <li role="none">
            <PathLink role="menuitem" href="/profile" onClick={close}>
              {t('nav.profile')}
            </PathLink>
          </li>
          {sides.map((entry) => (
            <li role="none" key={entry.key}>
              {'href' in entry ? (
                <PathLink role="menuitem" href={entry.href} onClick={close}>
                  {entry.label}
                </PathLink>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => {
                    close();
                    entry.onSelect();
                  }}
                >
                  {entry.label}
                </button>
              )}
            </li>
          ))}
          <li role="none">
            <Link role="menuitem" to="/accessibility" onClick={close}>
              {t('nav.settings')}
            </Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                close();
                logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) });
              }}
            >
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
