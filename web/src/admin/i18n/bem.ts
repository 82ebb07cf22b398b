import type { AdminTranslation } from './adminTranslation.js';
import { dashboardBem } from './dashboard.bem.js';
import { driversBem } from './drivers.bem.js';
import { ridesBem } from './rides.bem.js';
import { settingsBem } from './settings.bem.js';
import { supportBem } from './support.bem.js';
import { paymentsBem } from './payments.bem.js';
import { usersBem } from './users.bem.js';
import { incidentsBem } from './incidents.bem.js';

/** See en.ts. */
export const adminBem: AdminTranslation = {
  meta: {
    title: 'Iciibi ca bakateka | Tiyende',
    description: 'Imilimo ya Tiyende: bakatwensha ba kupima, abakubomfya, ubulendo ububelelela na amapange ya pulatifomu.',
  },
  shell: {
    portal: 'Iciibi ca bakateka',
    verifying: 'Tulepima insambu sha mukateka...',
    checkFailed: 'Insambu sha mukateka tashapimwe.',
    retry: 'Eseniko na kabili',
    navLabel: 'Ukwendela kwa bakateka',
    nav: {
      dashboard: 'Icipanda ca milimo',
      users: 'Abakubomfya',
      drivers: 'Bakatwensha',
      rides: 'Ubulendo',
      analytics: 'Ukupendula',
      settings: 'Amapange',
      support: 'Ubwafwilisho',
      payments: 'Amalipilo',
      incidents: 'Ubwafya',
    },
    signOut: 'Fumamo',
    viewApp: 'Moneni pulogalamu',
    systemOnline: 'Icipangilo cilebomba',
    adminBadge: 'Mukateka',
    openMenu: 'Isuleni menyu ya bakateka',
    closeMenu: 'Isaleni menyu',
    skipToContent: 'Pitileni ku fili mukati',
  },
  login: {
    title: 'Iciibi ca bakateka',
    metaTitle: 'Ukwingila kwa mukateka | Tiyende',
    intro: 'Ingileni na akaunti yenu iya mukateka.',
    email: 'Imelo ya mukateka',
    password: 'Icishibilo ca nkama',
    submit: 'Ingileni mu cipanda ca bakateka',
    busy: 'Tuleingila...',
    authorizedOnly: 'Fye ku babomfi abasuminishiwa',
    backToApp: 'Bweleleni ku pulogalamu ya Tiyende',
    fillAllFields: 'Napapata isushenipo fyonse',
    failed: 'Ukwingila kwafilwa',
  },
  ui: {
    close: 'Isaleni',
    cancel: 'Lekeni',
    save: 'Sungeni',
    saving: 'Tulesunga...',
  },
  dashboard: dashboardBem,
  users: usersBem,
  drivers: driversBem,
  rides: ridesBem,
  settings: settingsBem,
  support: supportBem,
  payments: paymentsBem,
  incidents: incidentsBem,
};
