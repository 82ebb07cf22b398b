import type { AdminTranslation } from './adminTranslation.js';
import { dashboardSw } from './dashboard.sw.js';
import { driversSw } from './drivers.sw.js';
import { ridesSw } from './rides.sw.js';
import { settingsSw } from './settings.sw.js';
import { supportSw } from './support.sw.js';
import { paymentsSw } from './payments.sw.js';
import { usersSw } from './users.sw.js';
import { incidentsSw } from './incidents.sw.js';

/** See en.ts. */
export const adminSw: AdminTranslation = {
  meta: {
    title: 'Lango la wasimamizi | Tiyende',
    description: 'Shughuli za Tiyende: madereva wa kuthibitisha, watumiaji, safari zinazoendelea na mipangilio ya jukwaa.',
  },
  shell: {
    portal: 'Lango la wasimamizi',
    verifying: 'Inathibitisha ruhusa ya msimamizi...',
    checkFailed: 'Ruhusa ya msimamizi haikuweza kuthibitishwa.',
    retry: 'Jaribu tena',
    navLabel: 'Urambazaji wa usimamizi',
    nav: {
      dashboard: 'Dashibodi',
      users: 'Watumiaji',
      drivers: 'Madereva',
      rides: 'Safari',
      analytics: 'Takwimu',
      settings: 'Mipangilio',
      support: 'Msaada',
      payments: 'Malipo',
      incidents: 'Matukio',
    },
    signOut: 'Ondoka',
    viewApp: 'Tazama programu',
    systemOnline: 'Mfumo uko hewani',
    adminBadge: 'Msimamizi',
    openMenu: 'Fungua menyu ya usimamizi',
    closeMenu: 'Funga menyu',
    skipToContent: 'Ruka hadi maudhui',
  },
  login: {
    title: 'Lango la wasimamizi',
    metaTitle: 'Kuingia kwa msimamizi | Tiyende',
    intro: 'Ingia kwa akaunti yako ya msimamizi.',
    email: 'Barua pepe ya msimamizi',
    password: 'Nenosiri',
    submit: 'Fikia paneli ya usimamizi',
    busy: 'Inaingia...',
    authorizedOnly: 'Wafanyakazi walioidhinishwa pekee',
    backToApp: 'Rudi kwenye programu ya Tiyende',
    fillAllFields: 'Tafadhali jaza sehemu zote',
    failed: 'Kuingia kumeshindikana',
  },
  ui: {
    close: 'Funga',
    cancel: 'Ghairi',
    save: 'Hifadhi',
    saving: 'Inahifadhi...',
  },
  dashboard: dashboardSw,
  users: usersSw,
  drivers: driversSw,
  rides: ridesSw,
  settings: settingsSw,
  support: supportSw,
  payments: paymentsSw,
  incidents: incidentsSw,
};
