import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../session/currentUser.js';
import { holds, ridesAndDrives, setMode, useMode } from '../session/roles.js';

/** An entry of the account's menus: a link, or a switch between riding and driving. */
export type SideEntry = { key: string; label: string; href: string } | { key: string; label: string; onSelect: () => void };

/**
 * The account menu's entries for riding and driving (one account, two roles): the side the
 * account is on offers its screens (my rides, or the driver dashboard); an account holding both
 * switches sides; an account holding one is offered the other (the screen there takes it up).
 */
export function useSideEntries(user: CurrentUser): SideEntry[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mode = useMode(user);
  const entries: SideEntry[] = [];
  if (mode === 'riding' && holds(user, 'passenger')) entries.push({ key: 'rides', label: t('nav.myRides'), href: '/rides' });
  if (mode === 'driving' && holds(user, 'driver')) entries.push({ key: 'driver', label: t('nav.driverDashboard'), href: '/driver' });
  if (ridesAndDrives(user)) {
    const next = mode === 'driving' ? 'riding' : 'driving';
    entries.push({
      key: 'switch',
      label: next === 'driving' ? t('nav.switchToDriving') : t('nav.switchToRiding'),
      onSelect: () => {
        setMode(user, next);
        void navigate({ to: next === 'driving' ? '/driver' : '/book' });
      },
    });
  } else if (user.userType === 'passenger') {
    entries.push({ key: 'start-driving', label: t('nav.startDriving'), href: '/driver' });
  } else if (user.userType === 'driver') {
    entries.push({ key: 'start-riding', label: t('nav.startRiding'), href: '/book' });
  }
  return entries;
}
