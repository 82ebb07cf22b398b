import type { AdminTranslation } from './adminTranslation.js';
import { dashboardNya } from './dashboard.nya.js';
import { driversNya } from './drivers.nya.js';
import { ridesNya } from './rides.nya.js';
import { settingsNya } from './settings.nya.js';
import { supportNya } from './support.nya.js';
import { paymentsNya } from './payments.nya.js';
import { usersNya } from './users.nya.js';
import { incidentsNya } from './incidents.nya.js';

/** See en.ts. */
export const adminNya: AdminTranslation = {
  meta: {
    title: 'Khomo la oyang’anira | Tiyende',
    description: 'Ntchito za Tiyende: oyendetsa oti atsimikizidwe, ogwiritsa ntchito, maulendo omwe akuchitika ndi makonzedwe a pulatifomu.',
  },
  shell: {
    portal: 'Khomo la oyang’anira',
    verifying: 'Tikutsimikizira chilolezo cha oyang’anira...',
    checkFailed: 'Chilolezo cha oyang’anira sichinatsimikizidwe.',
    retry: 'Yesaninso',
    navLabel: 'Mayendedwe a oyang’anira',
    nav: {
      dashboard: 'Chiwonetsero',
      users: 'Ogwiritsa ntchito',
      drivers: 'Oyendetsa',
      rides: 'Maulendo',
      analytics: 'Kusanthula',
      settings: 'Makonzedwe',
      support: 'Thandizo',
      payments: 'Malipiro',
      incidents: 'Zadzidzidzi',
    },
    signOut: 'Tulukani',
    viewApp: 'Onani pulogalamu',
    systemOnline: 'Dongosolo likugwira ntchito',
    adminBadge: 'Woyang’anira',
    openMenu: 'Tsegulani menyu ya oyang’anira',
    closeMenu: 'Tsekani menyu',
    skipToContent: 'Pitani ku zomwe zili mkati',
  },
  login: {
    title: 'Khomo la oyang’anira',
    metaTitle: 'Kulowa kwa woyang’anira | Tiyende',
    intro: 'Lowani ndi akaunti yanu ya woyang’anira.',
    email: 'Imelo ya woyang’anira',
    password: 'Mawu achinsinsi',
    submit: 'Lowani mu gulu la oyang’anira',
    busy: 'Tikulowa...',
    authorizedOnly: 'Ogwira ntchito ololedwa okha',
    backToApp: 'Bwererani ku pulogalamu ya Tiyende',
    fillAllFields: 'Chonde lembani malo onse',
    failed: 'Kulowa kwalephera',
  },
  ui: {
    close: 'Tsekani',
    cancel: 'Lekani',
    save: 'Sungani',
    saving: 'Tikusunga...',
  },
  dashboard: dashboardNya,
  users: usersNya,
  drivers: driversNya,
  rides: ridesNya,
  settings: settingsNya,
  support: supportNya,
  payments: paymentsNya,
  incidents: incidentsNya,
};
